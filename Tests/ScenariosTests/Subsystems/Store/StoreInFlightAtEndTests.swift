import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// `store.in_flight_at_end`: a request that reached the store and had no answer when the run
/// ended was counted in `store.errors` (`requests + unreached − succeeded`) with no error at all,
/// the Object store table had no row for it (its rows summed to one short), and OpenMetrics, which
/// counts answers, summed to one less than `requests`. The checker's `storegap2.yaml` (a sync sent
/// at `run.duration`, still in service when the clients' last answer ended the run) and
/// `storegap.yaml` (a request held by a `hang` that had not ended).
@Suite("Store: requests still in flight when the run ended")
struct StoreInFlightAtEndTests {
    static let inService = """
        name: storegap2
        seed: 1
        run: {duration: 10s}
        servers: [{name: web, slots: 1, service_time: {exponential: 5ms}}]
        workload: {type: open_loop, rate: 50, timeout: 1s}
        object_store: {buckets: [{name: results}]}
        backup:
          host: web
          bucket: bk-bucket
          sync_interval: 5s
          first_backup_at: 3s
          backup_interval: 5s
          source: {files: 20, file_size: {median: 2KiB, sigma: 0.5}}
        """

    static let heldByAHang = """
        name: storegap
        seed: 1
        run: {duration: 10s}
        object_store: {buckets: [{name: results}]}
        backup:
          host: bk
          bucket: bk-bucket
          sync_interval: 1s
          first_backup_at: 5s
          backup_interval: 5s
          source: {files: 5, file_size: {median: 2KiB, sigma: 0.5}, change_every: 1s, changes_per_round: 1}
        faults:
          - {at: 8s, hang: s3, for: 4s}
        """

    static func value(_ metric: StoreMetric, _ result: RunResult) -> Double? { result.value(of: metric.metric) }

    /// The Object store table's rows, figure → value.
    static func rows(_ markdown: String) -> [String: String] {
        var rows: [String: String] = [:]
        for line in markdown.split(separator: "\n") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count == 2 { rows[cells[0]] = cells[1] }
        }
        return rows
    }

    /// 49 requests, 48 answered 200, the sync sent at 10 s still in service at 10.014 s: no
    /// error, one in flight; the table says so and adds up; OpenMetrics' answers sum to 48.
    @Test func aRequestInServiceAtTheEndIsNoError() throws {
        let run = try ObservabilityFixture.run(yaml: Self.inService)
        let result = run.result
        #expect(Self.value(.requests, result) == 49)
        #expect(Self.value(.errors, result) == 0)
        #expect(Self.value(.inFlightAtEnd, result) == 1)
        #expect(Self.value(.serverErrors, result) == 0)
        let store = try #require(result.store)
        let figures: [Int] = [store.requests, store.unreached, store.succeeded, store.inFlightAtEnd, store.errors]
        #expect(figures == [49, 0, 48, 1, 0])
        let rows = Self.rows(StorePart.storeMarkdown(store))
        #expect(rows["requests"] == "49")
        #expect(rows["succeeded"] == "48")
        #expect(rows[StorePart.inFlightRow] == "1")
        #expect(StorePart.inFlightRow == "still in flight when the run ended (in service, or held by a `hang` fault)")
        #expect(rows[StorePart.hungRow] == nil)
        #expect(result.json().contains("\"inFlightAtEnd\" : 1,"))
        #expect(result.json().contains("\"store.in_flight_at_end\" : 1,"))
        #expect(result.json().contains("\"store.errors\" : 0,"))
        let answered = MapReduceObservabilityTests.lastSamples(run).filter { $0.key.hasPrefix("orrery_store_requests_total{") }
        #expect(answered == [
            "orrery_store_requests_total{store=\"s3\",kind=\"write\",code=\"200\"}": 45,
            "orrery_store_requests_total{store=\"s3\",kind=\"read\",code=\"200\"}": 3,
        ])
    }

    /// A request held by a hang from 8 s for 4 s when the 10 s run ends: it was neither answered
    /// 500 nor lost in a crash. `hung` 1, in flight 1, no error and no server error.
    @Test func aRequestHeldByAHangAtTheEndIsInFlight() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.heldByAHang, file: "storegap.yaml"))
        let store = try #require(result.store)
        let figures: [Int] = [store.requests, store.succeeded, store.hung, store.injectedErrors, store.lostInCrash, store.inFlightAtEnd]
        #expect(figures == [25, 24, 1, 0, 0, 1])
        #expect(Self.value(.errors, result) == 0)
        #expect(Self.value(.serverErrors, result) == 0)
        #expect(Self.value(.hung, result) == 1)
        #expect(Self.value(.inFlightAtEnd, result) == 1)
        let rows = Self.rows(StorePart.storeMarkdown(store))
        #expect(StorePart.hungRow == "held by a `hang` fault (answered 500 at its end, lost in a crash, or still held when the run ended)")
        #expect(rows[StorePart.hungRow] == "1")
        #expect(rows[StorePart.inFlightRow] == "1")
    }

    /// Every request that reached the store is succeeded, refused, throttled, injected, lost or
    /// in flight; `errors` adds the unreached and leaves the in flight out; the table's rows (the
    /// storms' share and the hang's, which overlap the others, aside) sum to `requests`.
    @Test func theFiguresAddUp() {
        var store = RunResult.StoreFigures(requests: 20, succeeded: 9, rejected: 2, throttled: 3, injectedErrors: 4, stormErrors: 1,
                                           objects: 0, bytes: 0, storms: [])
        store.unreached = 5
        store.lostInCrash = 1
        #expect(store.inFlightAtEnd == 1)
        #expect(store.errors == 15)
        let rows = Self.rows(StorePart.storeMarkdown(store))
        #expect(rows["requests"] == "25")
        let parts = ["… sent by its clients that never reached it (its node down or cut off, or lost on the way)", "succeeded",
                     "answered by S3 rules without a 2xx (4xx, 304, 501)", "throttled by the per-prefix request rate (503 SlowDown)",
                     "injected errors (seeded rates, storms, `errors` and `hang` faults)",
                     "lost in a crash or restart of the store (timed out or refused)", StorePart.inFlightRow]
        #expect(parts.map { rows[$0] } == ["5", "9", "2", "3", "4", "1", "1"])
        // Nothing in flight: no row.
        store.requests = 19
        #expect(store.inFlightAtEnd == 0 && store.errors == 15)
        #expect(Self.rows(StorePart.storeMarkdown(store))[StorePart.inFlightRow] == nil)
    }
}
