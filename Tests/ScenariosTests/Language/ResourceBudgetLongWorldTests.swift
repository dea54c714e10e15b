import Foundation
import Testing
@testable import Scenarios
import Simulator

/// The load-time estimate of long balancer worlds (the balancer's per-second figures for each
/// server) and of MapReduce jobs reading a log topic or a bucket's objects (their map tasks ×
/// reducers partitions).
struct ResourceBudgetLongWorldTests {
    static func error(_ text: String, file: String = "h.yaml") -> String? { FaultKindSettingsTests.error(text, file: file) }

    static func balanced(servers: Int, hours: Int, balancer: Bool = true) -> String {
        """
        name: r9
        run: {duration: \(hours)h}
        servers: [{name: web, count: \(servers), slots: 8, service_time: {exponential: 20ms}}]
        \(balancer ? "balancer: {strategy: least_conn}" : "")
        workload: {type: open_loop, rate: 1, timeout: 10s}
        """
    }

    // MARK: A balancer's per-second figures, per server

    /// 100 servers behind a balancer for 80 hours held 4.78 GB (estimated at 253 MB before).
    @Test func aHundredBalancedServersForEightyHoursAreRefusedAtTheDuration() {
        #expect(Self.error(Self.balanced(servers: 100, hours: 80), file: "r9.yaml")
            == "r9.yaml:2:17: error: this world would hold about 5.1 GiB (mostly for 'run.duration'), more than the 4 GiB a run may use; make it smaller (at run.duration)")
    }

    /// 100 servers for 20 hours held 1.24 GB; without a balancer the same world stays cheap.
    @Test func shorterOrUnbalancedWorldsAreAccepted() throws {
        #expect(Self.error(Self.balanced(servers: 100, hours: 20)) == nil)
        #expect(Self.error(Self.balanced(servers: 100, hours: 80, balancer: false)) == nil)
        let with = ResourceBudget(try ScenarioLoader.parse(Self.balanced(servers: 5, hours: 150), file: "a.yaml"))
        let without = ResourceBudget(try ScenarioLoader.parse(Self.balanced(servers: 5, hours: 150, balancer: false), file: "b.yaml"))
        // 180 bytes more a server-second: measured 895 bytes a second with five servers.
        #expect(with.bytes - without.bytes >= 180 * 5 * 150 * 3_600)
    }

    // MARK: A job reading a log topic

    static func topicJob(reducers: Int) -> String {
        """
        name: t3
        network: {latency: 0.1ms}
        log:
          topics: [{name: logs, partitions: 4}]
          producers: [{name: app, topic: logs, records: 20000, rate: 10000}]
        mapreduce:
          cluster: {workers: 4}
          jobs: [{id: counts, name: word-count, reducers: \(reducers), submit_at: 10s, input: {topic: logs, records_per_split: 1}}]
        """
    }

    /// 20,000 one-record splits for 10,000 reducers ran past 150 s; with 1,000 reducers 27.75 s
    /// at 394 MB.
    @Test func aTopicJobOfTenThousandReducersIsRefusedAtItsJob() {
        #expect(Self.error(Self.topicJob(reducers: 10_000), file: "t3.yaml")
            == "t3.yaml:8:51: error: this world would hold about 11.9 GiB (mostly for 'mapreduce.jobs'), more than the 4 GiB a run may use; give the job fewer reducers (each holds its records and a partition from every map task) or a smaller input (at mapreduce.jobs.[0].reducers)")
        #expect(Self.error(Self.topicJob(reducers: 1_000)) == nil)
    }

    @Test func aTopicJobCountsTheRecordsItsProducersSend() throws {
        let scenario = try ScenarioLoader.parse(Self.topicJob(reducers: 1_000), file: "t2.yaml")
        let job = try #require(scenario.mapreduce?.jobs.first)
        #expect(ResourceBudget.estimatedMapTasks(of: job, in: scenario) == 20_000)
    }
}
