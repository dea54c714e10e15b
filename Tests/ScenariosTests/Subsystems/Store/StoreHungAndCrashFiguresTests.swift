import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// `store.hung` and `store.lost_in_crash`: requests a hang held and requests a crash threw away
/// were counted by the store and shown nowhere (a hang's 500s were among the injected errors, a
/// crash's losses only in `store.errors`). One client, 1 ms links, a constant 20 ms first byte and
/// 1 MiB/s, one attempt per operation.
@Suite("Store: requests held by a hang and lost in a crash")
struct StoreHungAndCrashFiguresTests {
    static func run(_ faults: String, operations: String) throws -> RunResult {
        let yaml = """
            network: {latency: {constant: 1ms}}
            object_store:
              latency: {constant: 20ms}
              bytes_per_second: 1MiB
              client: {max_attempts: 1}
              buckets: [{name: data}]
            operations:
            \(operations)
            faults: \(faults)
            """
        return ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "store.yaml"))
    }

    /// The value of the table row named `figure` (cells are padded to the column's width).
    static func row(_ figure: String, in markdown: String) -> String? {
        for line in markdown.split(separator: "\n") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count == 2, cells[0] == figure { return cells[1] }
        }
        return nil
    }

    /// Two puts sent during a 5 s hang are held (the second waits for the first's answer, 500 at
    /// the hang's end: so only the first is held) — `hung` 1, among the injected errors; nothing
    /// lost in a crash; the report's table says so in a row of its own.
    @Test func aHangsHeldRequestIsCountedAndShown() throws {
        let result = try Self.run("[{at: 1s, hang: s3, for: 5s}]", operations: """
              - wait: 2s
              - put: {bucket: data, key: a, body: x}
              - put: {bucket: data, key: b, body: x}
            """)
        #expect(result.value(of: StoreMetric.hung.metric) == 1)
        #expect(result.value(of: StoreMetric.lostInCrash.metric) == 0)
        #expect(result.value(of: StoreMetric.serverErrors.metric) == 1)
        let markdown = StorePart.storeMarkdown(try #require(result.store))
        #expect(Self.row("held by a `hang` fault (answered 500 at its end, lost in a crash, or still held when the run ended)", in: markdown) == "1")
        #expect(!markdown.contains("lost in a crash or restart of the store"))
    }

    /// A 1 MiB put sent at 2 s is being received (1 s of transfer) when the store crashes at
    /// 2.5 s: its work is thrown away and its client waits it out (an operations file's client
    /// waits up to an hour for an answer); it counts among `errors` and `lost_in_crash`, not among
    /// the injected errors.
    @Test func aRequestLostInACrashIsCountedAndShown() throws {
        let result = try Self.run("[{at: 2500ms, crash: s3}, {at: 10s, restart: s3}]", operations: """
              - wait: 2s
              - put: {bucket: data, key: a, size: 1MiB}
            """)
        let store = try #require(result.store)
        #expect(result.value(of: StoreMetric.lostInCrash.metric) == 1)
        #expect(result.value(of: StoreMetric.hung.metric) == 0)
        #expect(result.value(of: StoreMetric.errors.metric) == 1)
        #expect(store.injectedErrors == 0)
        let markdown = StorePart.storeMarkdown(store)
        #expect(Self.row("lost in a crash or restart of the store (timed out or refused)", in: markdown) == "1")
        #expect(!markdown.contains("held by a `hang`"))
    }
}
