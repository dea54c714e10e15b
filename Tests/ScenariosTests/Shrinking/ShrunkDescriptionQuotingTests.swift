import Foundation
import Testing
@testable import Scenarios

/// The shrunk file's `description` names the `--set`s the original ran with, quoted as the
/// commands a file keeps are (``ShellQuoting/posixQuote(_:)``), not as the terminal's one line:
/// a tab in a value was written `$'description=a\tb'`, which dash (Debian's `/bin/sh`) reads as
/// a `$` and the text; a control character is spelled by `printf`, never written raw.
struct ShrunkDescriptionQuotingTests {
    static let yaml = """
    name: slow-one
    run: {requests: 20}
    servers: [{name: s, count: 1, slots: 1, service_time: 1ms}]
    balancer: {strategy: round_robin}
    workload: {type: open_loop, rate: 10}
    expect: [p99 < 10ms]
    """

    private static func description(setting value: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shrunk-quoting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("slow.yaml")
        try yaml.write(to: url, atomically: true, encoding: .utf8)
        let overrides = [ScenarioOverride(path: "servers.0.service_time", value: "20ms"), ScenarioOverride(path: "description", value: value)]
        guard case .shrunk(let result) = try Shrinker(path: url.path, seed: 4, overrides: overrides).shrink() else {
            Issue.record("the failure did not shrink")
            return ""
        }
        let line = String(try #require(result.yaml.split(separator: "\n").first { $0.hasPrefix("description: ") }))
        // The path is the temporary folder's: what follows it.
        return String(try #require(line.range(of: "slow.yaml ").map { line[$0.upperBound...] }))
    }

    /// As YAML writes the line: `\t` in its double quotes is the tab itself, inside single
    /// quotes, where the terminal's quoting wrote `$'description=a\tb'`. (The file's own
    /// description after it is the report's text of it, ``Swift/String/reportText``.)
    @Test func aTabIsQuotedForAnyShell() throws {
        let described = try Self.description(setting: "a\tb")
        #expect(described == #"seed 4 with --set servers.0.service_time=20ms --set 'description=a\tb'. $'a\\tb'""#)
    }

    /// A control character YAML takes in a value (NEL, U+0085; an escape character is refused
    /// raw) is spelled by `printf`'s octal escapes of its bytes, joined to the quoted text.
    @Test func aControlCharacterIsSpelledByPrintf() throws {
        let described = try Self.description(setting: "a\u{85}b")
        #expect(described == #"seed 4 with --set servers.0.service_time=20ms --set 'description=a'"$(printf '\302\205')"'b'. a b"#)
    }

    /// The file's path is quoted as the `--set`s are, and the `--expect` that judged the run is
    /// named: a path `it's $(x).yaml` was written bare, and the judge left out.
    @Test func thePathAndTheExpectationAreQuotedToo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shrunk-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("it's $(x).yaml")
        try Self.yaml.write(to: url, atomically: true, encoding: .utf8)
        let shrinker = try Shrinker(path: url.path, seed: 4, expectations: ["p50 < 10ms"],
                                    overrides: [ScenarioOverride(path: "servers.0.service_time", value: "20ms")])
        guard case .shrunk(let result) = try shrinker.shrink() else {
            Issue.record("the failure did not shrink")
            return
        }
        let line = String(try #require(result.yaml.split(separator: "\n").first { $0.hasPrefix("description: ") }))
        #expect(line == "description: Shrunk by orrery shrink from '\(dir.path)/it'\\''s $(x).yaml' seed 4 with --expect 'p50 < 10ms' --set servers.0.service_time=20ms.",
                "\(line)")
    }
}
