import Foundation
import Testing
@testable import Scenarios

/// How a value outside its range is refused, as an outside checker put every documented range at
/// its edges (session 71): a count names both of its ends, text that is no number is told so,
/// a refusal gives the value refused, its figures are grouped, and the limits the README, the
/// schema and the loader state are one.
struct RangeRefusalTests {
    /// A balancer world whose `key: value` line is the last of its balancer.
    static func balancer(_ line: String) -> String {
        """
        run: {requests: 10}
        servers: [{name: s, count: 2}]
        balancer:
          strategy: round_robin
          \(line)
        workload: {type: closed_loop, users: 1}
        """
    }

    // MARK: Counts name both ends

    @Test(arguments: [
        ("retries: {tries: 0}", "must be 1 … 1,000,000,000, got 0 (at balancer.retries.tries)"),
        ("retries: {tries: 1000000001}", "must be 1 … 1,000,000,000, got 1,000,000,001 (at balancer.retries.tries)"),
        ("rate_limit: {rate: 5, burst: 0}", "must be 1 … 1,000,000,000, got 0 (at balancer.rate_limit.burst)"),
        ("max_conns: -1", "must be 1 … 1,000,000,000, got -1 (at balancer.max_conns)"),
        ("circuit_breaker: {window: 0}", "must be 1 … 1,000,000,000, got 0 (at balancer.circuit_breaker.window)"),
        ("health_check: {interval: 1s, rise: 0}", "must be 1 … 1,000,000,000, got 0 (at balancer.health_check.rise)"),
        // A number no `Int` holds is out of the same range.
        ("max_conns: 9223372036854775808", "must be 1 … 1,000,000,000, got 9223372036854775808 (at balancer.max_conns)"),
    ])
    func aCountOutsideItsRangeIsToldBothEnds(line: String, message: String) {
        #expect(loadError(Self.balancer(line), file: "b.yaml")?.description.hasSuffix(message) == true,
                "\(loadError(Self.balancer(line), file: "b.yaml")?.description ?? "accepted")")
    }

    @Test func aServerCountIsToldItsOwnRangeNotTheGeneralOne() {
        let zero = "run: {requests: 10}\nservers: [{name: s, count: 0}]\nworkload: {type: closed_loop, users: 1}\n"
        #expect(loadError(zero, file: "c.yaml")?.description == "c.yaml:2:28: error: must be 1 … 1,000, got 0 (at servers.[0].count)")
    }

    static func log(partitions: String = "2", records: String = "10", rate: String = "100") -> String {
        """
        run: {duration: 60s}
        log:
          topics: [{name: t, partitions: \(partitions)}]
          producers: [{name: p1, topic: t, records: \(records), rate: \(rate)}]
        """
    }

    @Test func aTopicsPartitionsAndAProducersRecordsAreToldTheirOwnRanges() {
        #expect(loadError(Self.log(partitions: "0"), file: "l.yaml")?.message == "must be 1 … 1,024, got 0")
        #expect(loadError(Self.log(partitions: "1025"), file: "l.yaml")?.message == "must be 1 … 1,024, got 1,025")
        #expect(loadError(Self.log(records: "0"), file: "l.yaml")?.message == "must be 1 … 10,000,000, got 0")
        #expect(loadError(Self.log(records: "10000001"), file: "l.yaml")?.message == "must be 1 … 10,000,000, got 10,000,001")
    }

    // MARK: Values refused say what was given

    @Test func aProducersRateOverItsMaximumGivesTheRate() {
        #expect(loadError(Self.log(rate: "10000001"), file: "l.yaml")?.description
            == "l.yaml:4:55: error: a producer sends at most 10,000,000 records per second, got 10000001 (at log.producers.[0].rate)")
    }

    @Test(arguments: ["0x10", "ten", "1h"])
    func aPercentageThatIsNoNumberIsToldSo(value: String) {
        #expect(loadError(Self.balancer("panic_threshold: \(value)"), file: "b.yaml")?.message
            == "expected a percentage such as 50%, found '\(value)'")
    }

    @Test func aPercentageOutsideZeroToAHundredIsStillToldItsRange() {
        #expect(loadError(Self.balancer("panic_threshold: 101"), file: "b.yaml")?.message == "a percentage must be between 0 and 100, got 101")
        #expect(loadError(Self.balancer("panic_threshold: 1e2"), file: "b.yaml") == nil)
    }

    // MARK: A store's transfer rate

    static func backup(bytesPerSecond: String) throws -> String {
        let shipped = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/backup.yaml"), encoding: .utf8)
        return shipped.replacingOccurrences(of: "bytes_per_second: 100MiB", with: "bytes_per_second: \(bytesPerSecond)")
    }

    @Test func aTransferRateUnderHalfAByteIsToldTheRealMinimum() throws {
        // A rate is read as a size, a whole number of bytes (WholeUnitTests).
        #expect(experimentError(try Self.backup(bytesPerSecond: "0.4"))?.message
            == "'0.4' is not a whole number of bytes: write 1B")
        #expect(experimentError(try Self.backup(bytesPerSecond: "0"))?.message
            == "a transfer rate is at least 1 byte a second, got 0")
    }

    @Test func aRateOfOneByteIsOneByteASecond() throws {
        #expect(experimentError(try Self.backup(bytesPerSecond: "0.5"))?.message == "'0.5' is not a whole number of bytes: write 1B")
        let message = try #require(experimentError(try Self.backup(bytesPerSecond: "1"))?.message)
        #expect(message.contains("to upload at 1 byte a second,"), "\(message)")
        #expect(ScenarioLoader.bytesASecond(1) == "1 byte a second")
        #expect(ScenarioLoader.bytesASecond(1_000) == "1,000 bytes a second")
    }

    @Test func theSchemaStatesTheTransferRatesMinimum() {
        #expect(ScenarioSchema.storeModel["bytes_per_second"]?.shape == .positiveByteCount)
    }

    // MARK: Placement analysis

    static func queueAnalysis(brokers: String, algorithms: Int) -> String {
        """
        experiment: queue
        name: Q
        duration: 30s
        queue:
          brokers: 3
          replication: 2
          topics: [{name: T1, partitions: 2}]
          producers: [{name: producer-1, to: ["T1:*"], messages: 200, rate: 200}]
          consumers: [{name: consumer-1, from: ["T1:*"]}]
        placement_analysis:
          brokers: \(brokers)
          partitions: 100
          algorithms:
        \((0..<algorithms).map { "    - {name: r\($0), placement: {ring: {virtual_nodes: 10000}}}" }.joined(separator: "\n"))
        """
    }

    @Test func theBrokerTheAnalysisAddsIsNamedAsSuch() {
        #expect(experimentError(Self.queueAnalysis(brokers: "[64, 63, 62, 61, 60, 59, 58]", algorithms: 1))?.message
            == "building this placement for 65 brokers (64, and the one the analysis adds), one at a time, takes about 269,000,000 steps, more than the 268,435,456 a run may take; use fewer brokers or fewer virtual_nodes")
    }

    @Test func theAlgorithmsTogetherAreCountedInTheProjectsFigures() {
        #expect(experimentError(Self.queueAnalysis(brokers: "[64, 63]", algorithms: 4))?.message
            == "building these 4 algorithms for every broker count takes about 333,000,000 steps, more than the 268,435,456 a run may take; use fewer algorithms, broker counts or fewer virtual_nodes")
    }

    // MARK: Limits the README, the schema and the loader share

    static let queueWorld = """
        run: {duration: 10s}
        queue:
          heartbeat_interval: HEARTBEAT
          topics: [{name: T, partitions: 1}]
          producers: [{name: p, to: ["T:*"], messages: 100, rate: 50}]
        """

    @Test func aQueuesHeartbeatIsAPeriodOfAtLeastAMillisecond() throws {
        #expect(loadError(Self.queueWorld.replacingOccurrences(of: "HEARTBEAT", with: "999us"), file: "q.yaml")?.description
            == "q.yaml:3:23: error: must be at least 1ms, got 999us (at queue.heartbeat_interval)")
        _ = try ScenarioLoader.parse(Self.queueWorld.replacingOccurrences(of: "HEARTBEAT", with: "1ms"), file: "q.yaml")
        #expect(ScenarioSchema.queueSection["heartbeat_interval"]?.shape == .period)
    }

    static func speculation(_ slowness: String) -> String {
        """
        run: {duration: 60s}
        mapreduce:
          cluster: {workers: 2, policy: {speculation: {slowness: \(slowness)}}}
          jobs: [{id: j, name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]
        """
    }

    @Test func speculationsSlownessIsAFactorAboveOne() throws {
        #expect(loadError(Self.speculation("1e308"), file: "m.yaml")?.message == "a factor is at most 1,000,000, got 1e308")
        #expect(loadError(Self.speculation("1"), file: "m.yaml")?.message
            == "a straggler must be slower than the median, so slowness must exceed 1, got 1")
        _ = try ScenarioLoader.parse(Self.speculation("1000000"), file: "m.yaml")
        #expect(ScenarioSchema.speculation["slowness"]?.shape == .number(exclusiveMinimum: 1, maximum: YAMLCursor.maximumFactor))
    }

    @Test func uniformKeysAreBoundedAlikeInTheSchemaAndTheLoader() {
        let world = "run: {requests: 10}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 1, keys: {uniform: [0, 9223372036854775808]}}\n"
        #expect(loadError(world, file: "k.yaml")?.message == "must be 0 … 9,223,372,036,854,775,807, got 9223372036854775808")
        #expect(ScenarioSchema.keyFamilies["uniform"]?.shape == .list(of: .integer(minimum: 0, maximum: Int.max), minimum: 2, maximum: 2))
    }

    @Test func theReadmesRangesNameTheKeysTheSchemaBounds() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for key in ["`map.slots`", "`map.virtual_servers`", "Maglev `table_size`", "`virtual_nodes`", "`bounded_loads.epsilon`", "polynomial coefficients",
                    "`backup.retention_days`", "`noncurrent_expiration_days`", "`changes_per_round`", "client.max_attempts`", "`jitter`",
                    "`circuit_breaker.window`", "`health_check.rise`", "`max_conns`", "`zipf.n`", "`zipf.exponent`", "`put.seed`", "`route.request_id`",
                    "`queue.heartbeat_interval`", "speculation.slowness`", "`uniform: [min, max]`", "100,000 replicas"] {
            #expect(readme.contains(key), "README lacks \(key)")
        }
    }
}
