import Testing
@testable import Simulator

/// An attempt the coordinator declared lost (its worker fell silent past the worker timeout)
/// that answers once its worker wakes is a late answer: the loss stands, the task's
/// re-execution is a recovery, and the answer completes the task only if nothing else has. The
/// worker's first heartbeat back stops the attempt (Hadoop kills a lost node's containers), so
/// only an answer before it is late: the pauses end 10 ms after a heartbeat was due, leaving the
/// attempt most of a heartbeat interval to finish first.
struct LateAnswerTests {
    static let documents = Fixtures.logs(seed: 8, count: 4, lines: 100)
    static let expected = MapReduce.WordCount().reference(Fixtures.records(documents))

    /// The audit's `dup-pause.yaml` in small: four one-slot workers, slow maps, a worker timeout
    /// of 2 s, no speculation.
    static func run(pause: Duration, at: Duration = .seconds(3)) throws -> MapReduce.JobReport {
        let configuration = MapReduce.ClusterConfiguration(
            workers: 4, mapSlotsPerWorker: 1, reduceSlotsPerWorker: 1,
            cost: MapReduce.CostModel(mapPerRecord: .milliseconds(30), reducePerKey: .milliseconds(100)),
            policy: MapReduce.CoordinatorPolicy(taskTimeout: .seconds(60), workerTimeout: .seconds(2), speculation: nil))
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 1000), reducers: 3)
        return try Fixtures.run(seed: 3, request, configuration: configuration, faults: [
            .init(at: .after(at), .network(.pause("worker-1", duration: pause))),
        ]).report
    }

    static let declared = MapReduce.AttemptOutcome.lost("no heartbeat for 2.000s")

    /// Paused for 4.01 s from 3 s: declared lost at 5 s, its map re-run elsewhere and completed,
    /// then its answer after 7.01 s is ignored — and the attempt stays lost, with its recovery.
    @Test func aLateAnswerAfterTheReRunCompletedIsIgnoredAndTheLossStands() throws {
        let report = try Self.run(pause: .milliseconds(4010))
        #expect(report.status == .succeeded)
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(Self.expected))
        let late = report.attempts.filter { $0.lateAnswer != nil }
        try #require(late.count == 1)
        let attempt = late[0], answer = late[0].lateAnswer!
        #expect(attempt.worker == "worker-1")
        #expect(attempt.outcome == Self.declared)
        #expect(answer.declared == Self.declared)
        #expect(!answer.completedTheTask)
        #expect(attempt.end == answer.declaredAt)
        #expect(answer.answeredAt > answer.declaredAt)
        #expect(attempt.outcomeDescription.hasPrefix("lost: no heartbeat for 2.000s; answered late at "))
        #expect(attempt.outcomeDescription.hasSuffix("; ignored (another attempt had completed the task)"))
        #expect(!report.attempts.contains { $0.outcome == .duplicate })
        let reRuns = report.attempts.filter { $0.task == attempt.task && $0.number > attempt.number }
        #expect(reRuns.map(\.outcome) == [.succeeded])
        #expect(report.statistics.lostAttempts == 1)
        #expect(report.statistics.mapReexecutions == 7)
        try #require(report.recoveries.count == 1)
        let recovery = report.recoveries[0]
        #expect(recovery.task == attempt.task && recovery.attempt == attempt.number)
        #expect(recovery.outcome == Self.declared)
        #expect(recovery.lateAnswer == answer)
        #expect(recovery.detectedAt == answer.declaredAt)
        #expect(recovery.lastProgressAt <= recovery.detectedAt)
        #expect(recovery.rescheduledAt == reRuns.first?.start)
        #expect(recovery.recoveredAt == reRuns.first?.end)
    }

    /// Paused for 3.01 s: the answer arrives before the re-run finishes, completes the task (as
    /// the paper's master records a task's first completion) and the re-run is stopped; the
    /// loss the coordinator detected still shows, as a recovery the late answer ended.
    @Test func aLateAnswerBeforeTheReRunFinishesCompletesTheTaskAndTheLossStillShows() throws {
        let report = try Self.run(pause: .milliseconds(3010))
        #expect(report.status == .succeeded)
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(Self.expected))
        let late = report.attempts.filter { $0.lateAnswer != nil }
        try #require(late.count == 1)
        let attempt = late[0], answer = late[0].lateAnswer!
        #expect(attempt.outcome == .succeeded)
        #expect(attempt.judgedOutcome == Self.declared)
        #expect(answer.completedTheTask)
        #expect(attempt.end == answer.answeredAt)
        #expect(attempt.outcomeDescription.hasSuffix(" and completed the task"))
        let reRuns = report.attempts.filter { $0.task == attempt.task && $0.number > attempt.number }
        #expect(reRuns.count == 1)
        #expect(reRuns.allSatisfy { $0.outcome != .succeeded })
        #expect(report.statistics.lostAttempts == 1)
        try #require(report.recoveries.count == 1)
        let recovery = report.recoveries[0]
        #expect(recovery.attempt == attempt.number && recovery.outcome == Self.declared)
        #expect(recovery.detectedAt == answer.declaredAt)
        #expect(recovery.rescheduledAt == reRuns.first?.start)
        #expect(recovery.recoveredAt == attempt.end)
    }
}
