import Foundation
import Testing
@testable import Scenarios

/// Every string shown by a sweep's report, a replay command or a Markdown path follows the one
/// rule of what must not be shown raw (``Unicode/Scalar/isHiddenWhenShown``): a right-to-left
/// override (U+202E), a zero-width space (U+200B) or a line separator (U+2028) reached a sweep's
/// report.md and CSV files and a replay command as they were, where only control characters
/// were escaped.
struct ShellQuotingHiddenScalarsTests {
    /// The words bash reads from `command`, each ended by a NUL.
    static func wordsAsBashReadsThem(_ command: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "printf '%s\\0' " + command]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static let hidden = ["evil\u{202E}lmay.yaml", "a\u{200B}b.yaml", "line\u{2028}sep.yaml", "c1\u{9B}x", "bom\u{FEFF}.yaml"]

    @Test func theTerminalsQuotingEscapesEveryHiddenScalarAsItsUTF8Bytes() {
        #expect(ShellQuoting.quote("evil\u{202E}lmay.yaml") == #"$'evil\xE2\x80\xAElmay.yaml'"#)
        #expect(ShellQuoting.quote("a\u{200B}b.yaml") == #"$'a\xE2\x80\x8Bb.yaml'"#)
        #expect(ShellQuoting.quote("line\u{2028}sep.yaml") == #"$'line\xE2\x80\xA8sep.yaml'"#)
        // A C1 control was `\x9B`, one byte that is not the scalar: its UTF-8 bytes now.
        #expect(ShellQuoting.quote("c1\u{9B}x") == #"$'c1\xC2\x9Bx'"#)
        // Unchanged: ASCII controls, and visible non-ASCII text kept as it is.
        #expect(ShellQuoting.quote("a\u{1B}[31m\nb") == #"$'a\x1B[31m\nb'"#)
        #expect(ShellQuoting.quote("µs é.yaml") == "'µs é.yaml'")
    }

    @Test func bashReadsTheTerminalsQuotingBackExactly() throws {
        #expect(try Self.wordsAsBashReadsThem(Self.hidden.map(ShellQuoting.quote).joined(separator: " ")) == Self.hidden)
    }

    @Test func aFilesQuotingSpellsEveryHiddenScalarByPrintf() throws {
        #expect(ShellQuoting.posixQuote("evil\u{202E}lmay.yaml") == #"'evil'"$(printf '\342\200\256')"'lmay.yaml'"#)
        #expect(ShellQuoting.posixQuote("line\u{2028}sep.yaml") == #"'line'"$(printf '\342\200\250')"'sep.yaml'"#)
        #expect(try PosixQuoteShellTests.wordsAsTheShellReadsThem(Self.hidden.map(ShellQuoting.posixQuote).joined(separator: " ")) == Self.hidden)
    }

    @Test func aReportShowsHiddenScalarsEscapedAndOrdinaryTextAsItIs() {
        #expect("x\u{202E}y".reportText == #"$'x\xE2\x80\xAEy'"#)
        #expect("x\u{200B}y".reportText == #"$'x\xE2\x80\x8By'"#)
        #expect("x\u{2029}y".reportText == #"$'x\xE2\x80\xA9y'"#)
        #expect("p99 ≤ 1 µs, 'ok'".reportText == "p99 ≤ 1 µs, 'ok'")
        #expect(ShellQuoting.markdownPath("evil\u{202E}lmay.yaml") == #"`$'evil\xE2\x80\xAElmay.yaml'`"#)
        #expect(ShellQuoting.markdownPath("plain é.yaml") == "`plain é.yaml`")
    }
}
