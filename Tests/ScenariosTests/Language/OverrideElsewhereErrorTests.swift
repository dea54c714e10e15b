import Testing
@testable import Scenarios

/// A `--set` or a sweep variant's `--vary` that breaks the file at another line than the one it
/// sets was blamed on that line alone: `servers.0.count=1` left `crash: s2` naming no node, and
/// the error named neither the option nor the value. It now says the error is not in the file as
/// written and which overrides it comes with; an error the file has itself, or one at the value
/// an override set, reads as before.
struct OverrideElsewhereErrorTests {
    static let file = """
        name: blamed
        seed: 1
        run: {duration: 3s}
        network: {latency: 0.5ms}
        servers:
          - {name: s, count: 3, slots: 2, queue: 50, service_time: {exponential: 5ms}}
        workload: {type: open_loop, rate: 200, timeout: 500ms}
        faults:
          - {at: 1s, crash: s2}
        """

    static func error(_ overrides: [String], in text: String = file, option: String = "--set") throws -> String? {
        let document = try ScenarioDocument.parse(bytes: Array(text.utf8), file: "x.yaml")
        let parsed = try overrides.map { try ScenarioOverride(parsing: $0) }
        do throws(ScenarioError) {
            _ = try ScenarioFile.load(document, overrides: parsed, option: option)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func anErrorElsewhereNamesTheOverrides() throws {
        #expect(try Self.error(["servers.0.count=1"], option: "--vary") == """
            x.yaml:9:21: error: unknown node 's2'; did you mean 's'? (not in the file as written: it comes with --vary servers.0.count=1) (at faults.[0].crash)
            """)
        #expect(try Self.error(["servers.0.count=1", "workload.rate=100"]) == """
            x.yaml:9:21: error: unknown node 's2'; did you mean 's'? (not in the file as written: it comes with --set servers.0.count=1 and workload.rate=100) (at faults.[0].crash)
            """)
    }

    @Test func anErrorAtTheSetValueOrOfTheFileItselfReadsAsBefore() throws {
        #expect(try Self.error(["servers.0.count=0"]) == "x.yaml:6:22: error: must be 1 … 1,000, got 0 (the value comes from --set servers.0.count=0) (at servers.[0].count)")
        let broken = Self.file.replacingOccurrences(of: "crash: s2", with: "crash: s9")
        let asWritten = "x.yaml:9:21: error: unknown node 's9'; did you mean 's1'? (at faults.[0].crash)"
        #expect(try Self.error([], in: broken) == asWritten)
        #expect(try Self.error(["workload.rate=100"], in: broken) == asWritten)
        #expect(try Self.error(["servers.0.nosuch.x=1"]) == "x.yaml:6:5: error: --set servers.0.nosuch.x: there is no key 'nosuch' under servers.0 (at servers.0)")
    }
}
