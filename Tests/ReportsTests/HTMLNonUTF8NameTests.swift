import Foundation
import Testing
@testable import Reports
#if canImport(Glibc)
import Glibc
#endif

/// A folder whose name is not UTF-8: Foundation lists it with the bad byte repaired, a name no
/// entry has, so the walk took it for a file and its reports were left off the page without a
/// word (and a results folder holding only such a folder was said to hold no report.md).
@Suite struct HTMLNonUTF8NameTests {
    @Test func aFolderWhoseNameIsNotUTF8IsRefusedNamingIt() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let good = scratch.url.appendingPathComponent("good")
        try FileManager.default.createDirectory(at: good, withIntermediateDirectories: true)
        try Data("# Good\n".utf8).write(to: good.appendingPathComponent("report.md"))
        // `bad\xFFutf8`, made with the raw bytes Foundation cannot write.
        let bad = Array(scratch.url.path.utf8) + Array("/bad".utf8) + [0xFF] + Array("utf8".utf8) + [0]
        let made = bad.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } }
        #expect(made == 0)
        do {
            _ = try ResultsPage(directory: scratch.url, output: scratch.url.appendingPathComponent("index.html"))
            Issue.record("a folder whose name is not UTF-8 was passed over")
        } catch {
            let message = error.description
            #expect(message.hasPrefix("cannot read \(scratch.url.standardizedFileURL.path)/bad"))
            #expect(message.hasSuffix(": no entry has this name any more: its name may not be UTF-8, or it was removed while the page was made"))
        }
        // Nothing was written.
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("index.html").path))
    }
}
