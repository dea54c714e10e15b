import Foundation
import Testing
@testable import Scenarios
import Simulator

/// The load-time estimate over the time a world can really run (session 68): only a producer
/// whose attempts can fail keeps a queue world past its duration; a job whose coordinator a
/// fault can strike and a long deployment keep a composed world running, their periodic work
/// with it; and a controller that can lose its brokers' answers churns their partitions' leaders.
struct ResourceBudgetFailuresTests {
    static func error(_ text: String, file: String = "x.yaml") -> String? { FaultKindSettingsTests.error(text, file: file) }

    /// 20,000 partitions polled every 100 ms for 60 s, with nothing that can fail a producer's
    /// attempt: estimated over its duration, and accepted (every queue world was estimated up to
    /// its time limit, 3,720 s, and this one refused).
    static let faultFree = """
        name: lead
        run: {duration: 60s}
        queue:
          brokers: 3
          topics: [{name: T1, partitions: 1000}, {name: T2, partitions: 1000}, {name: T3, partitions: 1000}, {name: T4, partitions: 1000}, {name: T5, partitions: 1000}, {name: T6, partitions: 1000}, {name: T7, partitions: 1000}, {name: T8, partitions: 1000}, {name: T9, partitions: 1000}, {name: T10, partitions: 1000}, {name: T11, partitions: 1000}, {name: T12, partitions: 1000}, {name: T13, partitions: 1000}, {name: T14, partitions: 1000}, {name: T15, partitions: 1000}, {name: T16, partitions: 1000}, {name: T17, partitions: 1000}, {name: T18, partitions: 1000}, {name: T19, partitions: 1000}, {name: T20, partitions: 1000}]
          producers: [{name: p, to: ["T1:*"], messages: 1000, rate: 100}]
          consumers: [{name: c, from: ["T1:*", "T2:*", "T3:*", "T4:*", "T5:*", "T6:*", "T7:*", "T8:*", "T9:*", "T10:*", "T11:*", "T12:*", "T13:*", "T14:*", "T15:*", "T16:*", "T17:*", "T18:*", "T19:*", "T20:*"], poll_interval: 100ms}]
        """

    @Test func aFaultFreeQueueWorldIsEstimatedOverItsDuration() throws {
        let scenario = try ScenarioLoader.parse(Self.faultFree, file: "x.yaml")
        let budget = ResourceBudget(scenario)
        #expect(budget.horizon == .seconds(60))
        #expect(budget.runsOn == nil)
        #expect(Self.error(Self.faultFree) == nil)
    }

    /// The same world with a broker crashed a second in: its producer may retry until its last
    /// message expires (its send at 9.99 s and the 120 s delivery timeout; until the time limit,
    /// 3,720 s, before the estimate counted that), and it is estimated over that. Its consumer
    /// fetches its 20,000 partitions one after the other, a round trip each (40 s a round): the
    /// same world run for 3,720 s processed 1.87 × 10⁷ events in 15.4 s (counting every
    /// partition every 100 ms had refused it at 2.8 × 10⁹); with a lower event limit it is
    /// refused at the producer.
    @Test func aQueueWorldWhoseBrokerCanCrashIsEstimatedUntilItsTimeLimit() throws {
        let crashed = Self.faultFree + "\nfaults: [{at: 1s, crash: broker-1}]\n"
        let budget = ResourceBudget(try ScenarioLoader.parse(crashed, file: "x.yaml"))
        #expect((budget.horizon.seconds * 1_000).rounded() == 129_990)
        #expect(ScenarioRunner.run(try ScenarioLoader.parse(crashed, file: "x.yaml")).events == 295_812)
        #expect(budget.events > 295_812)
        #expect(Self.error(crashed) == nil)
        // Its 60 s fit 2 × 10⁷ events and its 129.99 s do not: refused at the producer's messages.
        #expect(Self.error(crashed.replacingOccurrences(of: "run: {duration: 60s}", with: "run: {duration: 60s, max_events: 20000000}"))?
            .hasPrefix("x.yaml:6:49: error: this world may run until 129.990 s, past its run.duration, because producer 'p'") == true)
        // A crash of a consumer fails no attempt of the producer's.
        #expect(Self.error(Self.faultFree + "\nfaults: [{at: 1s, crash: c}]\n") == nil)
        // Nor does a latency whose round trip stays inside the producer's timeout and the checks.
        #expect(QueueSection.largestLatency(of: .exponential(mean: 0.001)) > 0.0069)
        let latency = { (most: String) in try ScenarioLoader.parse(Self.faultFree.replacingOccurrences(of: "run: {duration: 60s}", with: "run: {duration: 60s}\nnetwork: {latency: {uniform: {min: 1ms, max: \(most)}}}"), file: "x.yaml") }
        #expect(Self.error(Self.faultFree.replacingOccurrences(of: "run: {duration: 60s}", with: "run: {duration: 60s}\nnetwork: {latency: {uniform: {min: 1ms, max: 400ms}}}")) == nil)
        // One whose round trip can outlast it keeps the world running (it ran 29,987 events to
        // 129.99 s; refused, for the memory of its leaders' churn to 4,201 s, before).
        #expect(ResourceBudget(try latency("600ms")).runsOn?.section == "queue.producers.0.messages")
    }

    /// A coordinator crashed before the job is submitted: the job never ends, and the world
    /// ran its 1 ms health checks of 100 servers to the time limit (145 s, where 10 s of work
    /// was estimated). Refused at the fault; with a shorter time limit it fits.
    static let stuckJob = """
        name: q4
        run: {duration: 10s}
        servers: [{name: s, count: 100, slots: 4, service_time: 1ms}]
        balancer: {strategy: round_robin, health_check: {interval: 1ms, timeout: 500ms, rise: 1, fall: 1}}
        workload: {type: open_loop, rate: 10, timeout: 1s}
        mapreduce:
          cluster: {workers: 2}
          jobs: [{id: j, name: word-count, reducers: 1, submit_at: 1s, input: {synthetic: {lines: 100, seed: 1}}}]
        faults: [{at: 0.5s, crash: coordinator}]
        """

    @Test func aJobWhoseCoordinatorCanCrashKeepsTheWorldToItsTimeLimit() {
        #expect(Self.error(Self.stuckJob)
            == "x.yaml:9:9: error: this world may run until 3,620.000 s, past its run.duration, because the crash coordinator at 0.500 s may keep job 'j' (word-count) from ending, and its client waits for it (a composed world runs until its last job, producer, restore or operation ends, up to its time limit), and over that time would need about 3.6 × 10⁹ events (mostly from 'balancer.health_check'), more than its event limit of 2 × 10⁹ (run.max_events); set a shorter run.time_limit (at faults)")
        #expect(Self.error(Self.stuckJob.replacingOccurrences(of: "run: {duration: 10s}", with: "run: {duration: 10s, time_limit: 100s}")) == nil)
        // Without the fault the job ends, and the world with it.
        #expect(Self.error(Self.stuckJob.replacingOccurrences(of: "faults: [{at: 0.5s, crash: coordinator}]", with: "")) == nil)
    }

    /// A rolling deployment of 100 servers pausing an hour after each keeps a composed world (a
    /// store beside the balancer) running 100 hours; refused at its pause, accepted with a 1 s one.
    static let longDeploy = """
        name: d2
        run: {duration: 10s}
        servers: [{name: web, count: 100, slots: 4, service_time: 1ms}]
        balancer: {strategy: round_robin, health_check: {interval: 1ms, timeout: 500ms, rise: 1, fall: 1}}
        workload: {type: open_loop, rate: 10, timeout: 1s}
        deploy: {at: 5s, strategy: rolling, boot_time: 1s, health_deadline: 1h, pause: 1h}
        object_store: {buckets: [{name: bkt}]}
        """

    @Test func aLongDeploymentKeepsAComposedWorldRunning() {
        #expect(Self.error(Self.longDeploy)
            == "x.yaml:6:80: error: this world runs until 3,620.000 s, past its run.duration, because the deployment of 100 servers, each booting 1.000 s and pausing 3,600.000 s, ends at 360,105.000 s at the earliest (a composed world runs until its last job, producer, restore or operation), and over that time would need about 3.6 × 10⁹ events (mostly from 'balancer.health_check'), more than its event limit of 2 × 10⁹ (run.max_events); schedule it earlier (at deploy.pause)")
        #expect(Self.error(Self.longDeploy.replacingOccurrences(of: "pause: 1h", with: "pause: 1s")) == nil)
    }

    /// Checks every 10 ms against 2–60 ms round trips and 40 ms sessions: the controller declares
    /// live brokers dead over and over, moving 3,000 partitions' leaders each time (three such
    /// topics ran out of memory in RunResult.markdown()). Refused at session_timeout.
    static let churning = """
        name: g6
        run: {duration: 1h}
        network: {latency: {uniform: {min: 1ms, max: 30ms}}}
        queue:
          brokers: 3
          replication: 2
          heartbeat_interval: 10ms
          session_timeout: 40ms
          topics: [{name: T, partitions: 1000}, {name: U, partitions: 1000}, {name: V, partitions: 1000}]
          producers: [{name: p, to: ["T:*"], messages: 1, rate: 100}]
        """

    @Test func aControllerThatCanLoseItsBrokersAnswersIsRefusedAtItsSessionTimeout() {
        #expect(Self.error(Self.churning)
            == "x.yaml:8:20: error: this world would hold about 72.4 GiB (mostly for 'queue.session_timeout'), more than the 4 GiB a run may use; make queue.heartbeat_interval longer than the network's largest round trip, or the latency smaller (at queue.session_timeout)")
        // Checks every 100 ms outlast every round trip: nothing churns.
        #expect(Self.error(Self.churning.replacingOccurrences(of: "heartbeat_interval: 10ms", with: "heartbeat_interval: 100ms").replacingOccurrences(of: "session_timeout: 40ms", with: "session_timeout: 400ms")) == nil)
    }

    /// 3 s sessions over a day with 1,000 partitions, latencies of a few milliseconds: accepted.
    static let ordinary = """
        name: day
        run: {duration: 24h}
        network: {latency: {uniform: {min: 1ms, max: 5ms}}}
        queue:
          brokers: 3
          session_timeout: 3s
          topics: [{name: T, partitions: 1000}]
        """

    @Test func ordinarySessionsOverADayAreAccepted() {
        #expect(Self.error(Self.ordinary) == nil)
    }
}
