import Foundation
import Testing
@testable import Scenarios

/// The words and commands a file keeps (``ShellQuoting/posixQuote(_:)``), read back by `/bin/sh`
/// — dash on Debian, which has no `$'…'` — as exactly the words they were made from, and how a
/// report's Markdown keeps a command whose path holds a line break.
struct PosixQuoteShellTests {
    /// What `/bin/sh -c 'printf "%s\0" WORDS'` prints: each word the shell read, ended by a NUL.
    static func wordsAsTheShellReadsThem(_ command: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf '%s\\0' " + command]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static let hostile = ["-a\nb'c$HOME\\d e.yaml", "x\u{1B}[31m\ry\u{7F}z\u{9B}", "\u{1B}", "tab\there", "", "plain-word.yaml", "'", "\n"]

    @Test func theShellReadsEveryWordBackExactly() throws {
        #expect(try Self.wordsAsTheShellReadsThem(Self.hostile.map(ShellQuoting.posixQuote).joined(separator: " ")) == Self.hostile)
    }

    @Test func controlCharactersButLineBreaksAndTabsAreSpelledByPrintf() {
        #expect(ShellQuoting.posixQuote("-a\nb'c$HOME\\d e.yaml") == "'-a\nb'\\''c$HOME\\d e.yaml'")
        #expect(ShellQuoting.posixQuote("x\u{1B}[31m\ry\u{7F}z\u{9B}")
                == #"'x'"$(printf '\033')"'[31m'"$(printf '\015')"'y'"$(printf '\177')"'z'"$(printf '\302\233')""#)
        #expect(ShellQuoting.posixQuote("") == "''")
        #expect(ShellQuoting.posixQuote("plain-word.yaml") == "plain-word.yaml")
    }

    @Test func aOneLineCommandIsACodeSpanAndALineBreakMakesAFencedBlock() {
        #expect(ShellQuoting.markdown("orrery run 'a b.yaml' --seed 1") == "`orrery run 'a b.yaml' --seed 1`")
        #expect(ShellQuoting.markdown("orrery run 'a\n```\nb.yaml' --seed 1", remark: " (reads `x`)")
                == "in the block below (reads `x`):\n\n````sh\norrery run 'a\n```\nb.yaml' --seed 1\n````\n")
    }

    /// V's N2: the `(reads …)` path was `…/nl x/deploy.yaml`, a space where the line break was.
    @Test func anExperimentReadingAPathWithALineBreakNamesItExactly() {
        #expect(ExperimentReport.replay(name: "deploy", reading: ["/tmp/v/nl\nx/deploy.yaml"])
                == "in the block below (reads `$'/tmp/v/nl\\nx/deploy.yaml'`):\n\n```sh\norrery experiment deploy --scenarios '/tmp/v/nl\nx'\n```\n")
        #expect(ExperimentReport.replay(name: "deploy", reading: ["scenarios/deploy.yaml"]) == "`orrery experiment deploy` (reads `scenarios/deploy.yaml`)")
    }
}
