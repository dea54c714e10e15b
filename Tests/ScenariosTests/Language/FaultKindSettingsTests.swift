import Testing
@testable import Scenarios

/// A fault reads only its own action's settings (`factor` for slow, `boot_time` for restart and
/// zone_outage, …); another action's setting was accepted with any value and never read. Every
/// fault list — a world's, a queue world's, a queue experiment run's and a single MapReduce
/// job's — refuses it at its value.
struct FaultKindSettingsTests {
    /// Loads `text` as any kind of file and gives the error's description, if any.
    static func error(_ text: String, file: String = "f.yaml") -> String? {
        do {
            _ = try ScenarioFile.load(bytes: Array(text.utf8), file: file)
            return nil
        } catch {
            return error.description
        }
    }

    /// A world of two servers whose fourth line is `faults`.
    static func world(_ faults: String) -> String {
        "run: {duration: 5s}\nservers: [{name: s, count: 2}]\nworkload: {type: closed_loop, users: 2}\nfaults: \(faults)\n"
    }

    @Test(arguments: [
        // The audit's file: the first foreign setting in file order is named.
        ("[{at: 1s, crash: s1, factor: abc, rate: zz, code: nope, boot_time: qq}]",
         "4:38: error: 'factor' applies to slow faults, not to 'crash', which takes only 'at' (at faults.[0].factor)"),
        ("[{at: 1s, pause: s1, for: 1s, boot_time: 2s}]",
         "4:50: error: 'boot_time' applies to restart and zone_outage faults, not to 'pause', which takes 'at' and 'for' (at faults.[0].boot_time)"),
        ("[{at: 1s, hang: s1, boot_time: 2s}]",
         "4:40: error: 'boot_time' applies to restart and zone_outage faults, not to 'hang', which takes 'at' and 'for' (at faults.[0].boot_time)"),
        ("[{at: 1s, restart: s1, rate: 0.5}]",
         "4:38: error: 'rate' applies to errors and storm faults, not to 'restart', which takes 'at' and 'boot_time' (at faults.[0].rate)"),
        ("[{at: 1s, slow: s1, factor: 2, code: SlowDown}]",
         "4:46: error: 'code' applies to storm faults, not to 'slow', which takes 'at', 'factor' and 'for' (at faults.[0].code)"),
        ("[{at: 1s, errors: s1, rate: 0.5, factor: 3}]",
         "4:50: error: 'factor' applies to slow faults, not to 'errors', which takes 'at', 'rate' and 'for' (at faults.[0].factor)"),
        // A crash lasts until something restarts the node: a `for:` on it was never read.
        ("[{at: 1s, crash: s1, for: 2s}]",
         "4:35: error: 'for' applies to pause, slow, partition, drop_rate, latency_spike, hang, errors, storm and zone_outage faults, not to 'crash', which takes only 'at' (at faults.[0].for)"),
    ])
    func aWorldFaultRefusesAnotherActionsSetting(faults: String, expected: String) {
        #expect(Self.error(Self.world(faults)) == "f.yaml:" + expected)
    }

    /// An action missing from the table would be let through unchecked; a setting missing from
    /// it would never be refused.
    @Test func theTableCoversEveryActionAndEverySettingOfTheSchema() {
        let table = ScenarioLoader.faultSettings
        let actions = ScenarioLoader.faultActions + ScenarioLoader.sectionFaultActions
        #expect(table.kinds.map(\.kind).sorted() == actions.sorted())
        #expect(Set(ScenarioSchema.worldFault.keys) == Set(["at"] + actions + table.allSettings))
        #expect(Set(ScenarioSchema.clusterFault.keys) == Set(["at"] + MapReduceScenarioLoader.clusterFaultActions + ["for", "boot_time", "factor", "mode", "rate"]))
        #expect(MapReduceScenarioLoader.clusterFaultSettings.kinds.map(\.kind) == MapReduceScenarioLoader.clusterFaultActions)
    }

    @Test func everyActionLoadsWithItsOwnSettings() {
        let faults = "[{at: 1s, restart: s1, boot_time: 1s}, {at: 1s, slow: s2, factor: 2, for: 1s}, {at: 2s, errors: s1, rate: 0.5, for: 1s},"
            + " {at: 3s, pause: s2, for: 1s}, {at: 4s, hang: s1, for: 1s}, {at: 4s, drop_rate: 0.1, for: 1s}, {at: 4s, latency_spike: 1ms, for: 1s},"
            + " {at: 4s, partition: [[s1], [s2]], for: 1s}, {at: 4s, crash: s2}, {at: 4s, heal: true}]"
        #expect(Self.error(Self.world(faults)) == nil)
    }

    @Test func aQueueWorldsFaultIsCheckedTheSameWay() {
        let text = """
        run: {duration: 30s}
        queue: {brokers: 3, replication: 2, topics: [{name: T1, partitions: 1}], producers: [{name: p, to: ['T1:*'], messages: 1, rate: 1}]}
        faults: [{at: 1s, crash: broker-1, factor: q}]
        """
        #expect(Self.error(text) == "f.yaml:3:44: error: 'factor' applies to slow faults, not to 'crash', which takes only 'at' (at faults.[0].factor)")
    }

    @Test func aQueueExperimentRunsFaultIsCheckedTheSameWay() {
        let text = """
        experiment: queue
        duration: 10s
        queue: {brokers: 3, replication: 2, topics: [{name: T1, partitions: 1}], producers: [{name: p, to: ['T1:*'], messages: 1, rate: 1}]}
        runs: [{name: r, faults: [{at: 1s, crash: broker-1, factor: q}]}]
        """
        #expect(Self.error(text) == "f.yaml:4:61: error: 'factor' applies to slow faults, not to 'crash', which takes only 'at' (at runs.[0].faults.[0].factor)")
    }

    /// A single MapReduce job with synthetic input, its fifth line `faults`.
    static func singleJob(_ faults: String) -> String {
        "seed: 1\ncluster: {workers: 2}\njob: {name: word-count, reducers: 1}\ninput: {synthetic: {lines: 10}}\nfaults: \(faults)\n"
    }

    @Test(arguments: [
        // Only the actions a single-job file has are named: no storm, no zone_outage.
        ("[{at: 1s, pause: worker-1, for: 1s, boot_time: 2s}]",
         "5:56: error: 'boot_time' applies to restart faults, not to 'pause', which takes 'at' and 'for' (at faults.[0].boot_time)"),
        ("[{at: 1s, crash: worker-1, rate: 0.5}]",
         "5:42: error: 'rate' applies to errors faults, not to 'crash', which takes only 'at' (at faults.[0].rate)"),
        ("[{at: 1s, crash: worker-1, for: 2s}]",
         "5:41: error: 'for' applies to pause, slow, partition, drop_rate, latency_spike, hang and errors faults, not to 'crash', which takes only 'at' (at faults.[0].for)"),
    ])
    func aSingleJobsFaultRefusesAnotherActionsSetting(faults: String, expected: String) {
        #expect(Self.error(Self.singleJob(faults)) == "f.yaml:" + expected)
    }

    @Test func aSingleJobsFaultsLoadWithTheirOwnSettings() {
        #expect(Self.error(Self.singleJob("[{at: 1s, crash: worker-1}, {at: 2s, restart: worker-1, boot_time: 1s}, {at: 3s, slow: worker-2, factor: 2, for: 1s}]")) == nil)
    }
}
