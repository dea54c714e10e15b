import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// `--metrics-interval`'s up-front check measures the run as the load-time estimate does
/// (``ResourceBudget/horizon``), not by `run.duration`: a world that runs on past its duration
/// passed it, ran to its end, and was then refused by the check of what it gathered (exit 2,
/// nothing written).
struct MetricsHorizonTests {
    static func world(_ yaml: String) throws -> ScenarioFile {
        .world(try ScenarioLoader.parse(yaml, file: "metrics.yaml"))
    }

    /// A queue producer that may retry (a broker crashes) runs on until its last message
    /// expires: 5 s of duration, 123.9 s of horizon (its last send, 3.9 s, and the 120 s delivery
    /// timeout; 3,600 s, its time limit, before the estimate counted the delivery timeout).
    static let retryingQueue = """
        name: qrun
        run: {duration: 5s}
        queue:
          brokers: 2
          replication: 2
          acks: leader
          topics: [{name: T, partitions: 1}]
          producers: [{name: p, to: ["T:*"], messages: 40, rate: 10, timeout: 10s, attempts: 5}]
          consumers: [{name: c, from: ["T:*"]}]
        faults: [{at: 1s, crash: broker-1}]
        """

    @Test func aQueueWorldThatRunsOnIsRefusedUpFront() throws {
        let file = try Self.world(Self.retryingQueue)
        guard case .world(let scenario) = file else { return }
        #expect((ResourceBudget(scenario).horizon.seconds * 1_000).rounded() == 123_900)
        let problem = try #require(ObservationOptions(metrics: true, metricsInterval: .milliseconds(1)).metricsProblem(for: file))
        #expect(problem.hasPrefix("--metrics-interval 1ms gives about 123,900 samples per series over qrun's 123.9 s of virtual time (it runs on past run.duration: producer 'p'"), "\(problem)")
        #expect(problem.hasSuffix("at most 100,000: use an interval of at least 2ms"), "\(problem)")
        // By its duration alone (5,000 samples) it passed.
        #expect(5.0 / 0.001 < Double(ObservationOptions.maximumMetricsSamples))
    }

    /// An interval the horizon allows passes up front, and the run's own check of what it
    /// gathered agrees: the series are written.
    @Test func anIntervalTheHorizonAllowsRunsAndWritesItsSeries() throws {
        let file = try Self.world(Self.retryingQueue)
        let observing = ObservationOptions(metrics: true, metricsInterval: .milliseconds(100))
        #expect(observing.metricsProblem(for: file) == nil)
        let outcome = try file.run(formats: [], observing: observing)
        #expect(outcome.metricsProblem == nil)
        #expect(outcome.metrics?.hasSuffix("# EOF\n") == true)
    }

    /// A job submitted after the run's duration keeps the world running until then.
    @Test func aWorldRunningOnForALaterJobIsRefusedUpFront() throws {
        let file = try Self.world("""
            name: late
            run: {duration: 1s}
            mapreduce:
              cluster: {workers: 2}
              jobs: [{id: j, name: word-count, reducers: 1, submit_at: 200s, input: {synthetic: {lines: 10, seed: 1}}}]
            """)
        let problem = try #require(ObservationOptions(metrics: true, metricsInterval: .milliseconds(1)).metricsProblem(for: file))
        #expect(problem.contains("about 200,000 samples per series over late's 200 s of virtual time (it runs on past run.duration: job 'j' (word-count) is submitted at 200.000 s)"), "\(problem)")
        #expect(ObservationOptions(metrics: true, metricsInterval: .milliseconds(2)).metricsProblem(for: file) == nil)
    }

    /// A world that ends at its duration reads as before, and one bounded by its requests is
    /// not checked up front (its length is known only once it has run).
    @Test func aWorldEndingAtItsDurationReadsAsBefore() throws {
        let timed = try Self.world("""
            name: timed
            run: {duration: 600s}
            servers: [{name: s, slots: 1, service_time: 1ms}]
            workload: {type: open_loop, rate: 1}
            """)
        #expect(ObservationOptions(metrics: true, metricsInterval: .milliseconds(1)).metricsProblem(for: timed)
                == "--metrics-interval 1ms gives about 600,000 samples per series over timed's 600 s of virtual time; at most 100,000: use an interval of at least 6ms")
        let counted = try Self.world("""
            run: {requests: 10}
            servers: [{name: s, slots: 1, service_time: 1ms}]
            workload: {type: closed_loop, users: 1}
            """)
        #expect(ObservationOptions(metrics: true, metricsInterval: .milliseconds(1)).metricsProblem(for: counted) == nil)
    }
    /// The interval a refusal names passes both checks: seed 000 at 1 s needs 2,196 ms for its
    /// samples per series but 8,653 ms for its series' total, and the hint named 2,196 ms, which
    /// was then refused for the total.
    @Test func theIntervalNamedFitsBothChecks() throws {
        let file = try ScenarioFile.load(path: packageRoot.appending(path: "scenarios/seed-000-platform.yaml").path)
        let problem = try #require(ObservationOptions(metrics: true, metricsInterval: .seconds(1)).metricsProblem(for: file))
        #expect(problem.hasSuffix("at most 100,000: use an interval of at least 8.653s"), "\(problem)")
        // Grouped as every other count in the message is (checker C, s80: `219600 s`).
        #expect(problem.contains("over seed-000-platform's 219,600 s of virtual time"), "\(problem)")
        #expect(ObservationOptions(metrics: true, metricsInterval: .milliseconds(8_652)).metricsProblem(for: file) != nil)
        #expect(ObservationOptions(metrics: true, metricsInterval: .milliseconds(8_653)).metricsProblem(for: file) == nil)
    }
}
