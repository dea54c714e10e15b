import Foundation
import Testing
@testable import Scenarios
import Simulator

/// Jobs submitted through the balancer at once: every job's first try was request
/// `#1000000001`, so a trace showed four `serve jobs #1000000001` spans for four jobs. Each job's
/// tries now have ids of their own.
struct JobSubmissionIDTests {
    /// A world of `count` word-count jobs submitted at 1 s through a balancer in front of a
    /// server on the coordinator's host, and no client of its own.
    static func jobsThroughBalancer(_ count: Int) -> String {
        let jobs = (0..<count).map { index in
            "    - {id: job-\(index + 1), name: word-count, reducers: 1, submit_at: 1s, via: balancer, input: {synthetic: {lines: 100, seed: \(index + 4)}}}"
        }
        return """
            name: jobs
            run: {duration: 5s}
            balancer: {strategy: round_robin}
            servers: [{on: mapreduce.coordinator, service_time: 2ms}]
            mapreduce:
              cluster: {workers: 2}
              jobs:

            """ + jobs.joined(separator: "\n") + "\n"
    }

    @Test func theIdsOfTwoJobsTriesDiffer() {
        #expect(World.submissionID(job: 0, attempt: 1) == 1_000_000_001)
        #expect(World.submissionID(job: 0, attempt: World.submissionTries) == 1_000_000_060)
        #expect(World.submissionID(job: 1, attempt: 1) == 1_000_000_101)
        #expect(World.submissionID(job: 9_999, attempt: 60) == 1_000_999_960)
    }

    @Test func aTraceTellsTwoJobsSubmittedAtOnceApart() throws {
        let scenario = try ScenarioLoader.parse(Self.jobsThroughBalancer(2), file: "two.yaml")
        let trace = JSONLinesTrace(eventLimit: .max)
        let result = ScenarioRunner.run(scenario, traceSink: { trace.append($0) })
        #expect(result.jobs.allSatisfy { $0.result.outputExact && $0.gatewayAttempts == 1 })
        #expect(trace.text.contains("1000000001") && trace.text.contains("1000000101"))
    }
}
