import Testing
@testable import Simulator

/// The output stays exact through crashes, stalls, lost data and coordinator restarts, and the
/// coordinator's recovery rules (timeouts, re-execution, retries with backoff) do what they say.
struct FaultToleranceTests {
    static let documents = Fixtures.logs(seed: 8, count: 4, lines: 100)
    static let expected = MapReduce.WordCount().reference(Fixtures.records(documents))

    static func request(reducers: Int = 3) -> MapReduce.JobRequest {
        MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 4000), reducers: reducers)
    }

    @Test(arguments: [41, 42, 43] as [UInt64])
    func outputIsExactWhenAThirdOfAttemptsCrashAndAThirdStallUpToTenSeconds(seed: UInt64) throws {
        let policy = MapReduce.CoordinatorPolicy(maxAttempts: 20)
        let configuration = Fixtures.slowCluster(policy: policy, attemptChaos: MapReduce.AttemptChaos())
        let report = try Fixtures.run(seed: seed, Self.request(), configuration: configuration).report
        #expect(report.status == .succeeded, "seed \(seed): \(report.status)")
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(Self.expected))
        #expect(report.statistics.lostAttempts + report.statistics.timedOutAttempts > 0)
    }

    @Test func noOutputChangesAfterTheJobIsReportedDone() throws {
        let simulation = Simulation(seed: 44)
        let cluster = MapReduce.Cluster(simulation: simulation, configuration: Fixtures.slowCluster())
        let handle = try cluster.submit(Self.request())
        try simulation.runToCompletion(timeLimit: .after(.seconds(600)))
        let done = handle.report!
        #expect(done.status == .succeeded)
        let later = done.finishedAt!.advanced(by: .seconds(1))
        cluster.schedule([
            .init(at: later, .network(.crash("worker-1"))),
            .init(at: later, .loseIntermediateData("worker-2")),
            .init(at: later.advanced(by: .seconds(1)), .network(.crash("coordinator"))),
            .init(at: later.advanced(by: .seconds(3)), .network(.restart("coordinator", bootTime: .seconds(1)))),
            .init(at: later.advanced(by: .seconds(5)), .network(.restart("worker-1", bootTime: .zero))),
        ])
        try simulation.run(until: later.advanced(by: .seconds(120)))
        let box = ReportBox()
        simulation.spawn("reader") { _ in box.report = await cluster.coordinator.report(of: handle.jobID) }
        try simulation.run(until: simulation.now.advanced(by: .seconds(1)))
        #expect(box.report?.output == done.output)
        #expect(box.report?.status == .succeeded)
        #expect(box.report?.finishedAt == done.finishedAt)
        #expect(box.report?.attempts == done.attempts)
    }

    @Test func aWorkerCrashDuringTheReducePhaseReRunsTheMapTasksItHad() throws {
        let run = try Fixtures.run(seed: 45, Self.request(), configuration: Fixtures.slowCluster(), faults: [
            .init(at: .after(.seconds(3.2)), .network(.crash("worker-2"))),
            .init(at: .after(.seconds(30)), .network(.restart("worker-2", bootTime: .zero))),
        ])
        let report = run.report
        #expect(report.status == .succeeded)
        #expect(report.statistics.mapReexecutions > 0)
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(Self.expected))
    }

    /// A reducer that finds an output gone reports it and waits for the re-execution, as Hadoop's
    /// does: no reduce attempt is lost for it.
    @Test func wipedIntermediateDataIsFoundByAFetchAndRecomputed() throws {
        let run = try Fixtures.run(seed: 46, Self.request(), configuration: Fixtures.slowCluster(), faults:
            (1...4).map { .init(at: .after(.seconds(3.2)), .loseIntermediateData(NodeID("worker-\($0)"))) })
        let report = run.report
        #expect(report.statistics.lostAttempts == 0)
        // The reduce attempts that found outputs missing completed (a speculative backup of one
        // that waited was killed when the original finished first).
        #expect(report.attempts.filter { $0.task.kind == .reduce && !$0.speculative }.map(\.outcome) == [.succeeded, .succeeded, .succeeded])
        #expect(report.statistics.mapReexecutions > 0)
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(Self.expected))
    }

    @Test func aRestartedCoordinatorResumesTheJobFromItsDurableState() throws {
        let run = try Fixtures.run(seed: 47, Self.request(), configuration: Fixtures.slowCluster(), faults: [
            .init(at: .after(.seconds(1.5)), .network(.crash("coordinator"))),
            .init(at: .after(.seconds(6)), .network(.restart("coordinator", bootTime: .seconds(1)))),
        ])
        let report = run.report
        #expect(report.status == .succeeded)
        // No map had completed by the crash; the four running were killed when it came back at
        // 7 s, as Hadoop's next ApplicationMaster attempt kills the previous one's containers,
        // and ran again (``CoordinatorRestartTests`` has maps that completed before it).
        let before = report.attempts.filter { $0.start < .after(.seconds(1.5)) }
        #expect(before.map(\.outcome) == Array(repeating: MapReduce.AttemptOutcome.coordinatorRestarted, count: 4))
        #expect(report.statistics.failedAttempts + report.statistics.timedOutAttempts + report.statistics.lostAttempts == 0)
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(Self.expected))
    }

    /// The worker timeout is set longer than the task timeout, so what ends the stalled attempts is
    /// the task timeout alone.
    @Test func aStalledAttemptIsReassignedAfterTenSecondsWithoutProgress() throws {
        let policy = MapReduce.CoordinatorPolicy(workerTimeout: .seconds(60))
        let run = try Fixtures.run(seed: 48, Self.request(), configuration: Fixtures.slowCluster(policy: policy), faults: [
            .init(at: .after(.seconds(1.5)), .network(.pause("worker-1", duration: .seconds(40)))),
        ])
        let report = run.report
        let stalled = report.recoveries.filter { $0.outcome == .timedOut }
        #expect(stalled.count == 2)
        for recovery in stalled {
            #expect(recovery.detectionTime > .seconds(10) && recovery.detectionTime <= .seconds(10.5), "\(recovery)")
            #expect(recovery.rescheduledAt.map { $0.duration(to: recovery.detectedAt) <= .seconds(1) } ?? false)
            #expect(report.attempts.contains { $0.task == recovery.task && $0.outcome == .succeeded && $0.worker != "worker-1" })
        }
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(Self.expected))
    }

    @Test func aTaskThatKeepsFailingFailsTheJobAfterMaxAttemptsWithExponentialBackoff() throws {
        let policy = MapReduce.CoordinatorPolicy(maxAttempts: 3, backoffBase: .seconds(2))
        let request = MapReduce.JobRequest(job: PoisonJob(), input: .documents([Fixtures.documents[0]], splitSize: 1000), reducers: 1)
        let report = try Fixtures.run(seed: 49, request, configuration: Fixtures.slowCluster(policy: policy)).report
        #expect(report.status == .failed("map-0 failed 3 times; last: failed: poison line: the end"))
        #expect(report.output == nil)
        let attempts = report.attempts.filter { $0.task == .map(0) }
        #expect(attempts.count == 3)
        #expect(attempts[1].start.duration(to: attempts[2].start) > attempts[0].start.duration(to: attempts[1].start))
        #expect(attempts[0].end!.duration(to: attempts[1].start) >= .seconds(2))
        #expect(attempts[1].end!.duration(to: attempts[2].start) >= .seconds(4))
    }

    @Test func withTheShuffleStoreAWorkerCrashLosesNoMapOutput() throws {
        let configuration = Fixtures.slowCluster(shuffle: .shuffleStore(ttl: .seconds(3600)))
        let run = try Fixtures.run(seed: 50, Self.request(), configuration: configuration, faults: [
            .init(at: .after(.seconds(3.2)), .network(.crash("worker-2"))),
            .init(at: .after(.seconds(30)), .network(.restart("worker-2", bootTime: .zero))),
        ])
        #expect(run.report.statistics.mapReexecutions == 0)
        #expect(Fixtures.text(run.report.output!.records) == Fixtures.text(Self.expected))
    }

    @Test func aCrashOfTheShuffleStoreReRunsTheMapTasks() throws {
        let configuration = Fixtures.slowCluster(shuffle: .shuffleStore(ttl: .seconds(3600)))
        let run = try Fixtures.run(seed: 51, Self.request(), configuration: configuration, faults: [
            .init(at: .after(.seconds(3.2)), .network(.crash("shuffle"))),
            .init(at: .after(.seconds(5)), .network(.restart("shuffle", bootTime: .zero))),
        ])
        #expect(run.report.statistics.mapReexecutions > 0)
        #expect(Fixtures.text(run.report.output!.records) == Fixtures.text(Self.expected))
    }
}

/// Holds a report read by a task, for the test thread. `@unchecked Sendable`: one simulation thread.
final class ReportBox: @unchecked Sendable {
    var report: MapReduce.JobReport?
}

/// A job whose map throws on the line `the end`: a bad record that fails every attempt.
struct PoisonJob: MapReduce.Job {
    struct Poison: Error, CustomStringConvertible {
        let line: String
        var description: String { "poison line: \(line)" }
    }

    var name: String { "poison" }

    func map(_ record: MapReduce.InputRecord, into output: inout MapReduce.Emitter<PoisonJob>) throws {
        if record.line.elementsEqual("the end".utf8) { throw Poison(line: "the end") }
        MapReduce.Words.forEach(in: record.line) { output.emit($0, 1) }
    }

    func combine(_ accumulated: inout UInt64, with value: UInt64) { accumulated += value }

    func reduce(key: ArraySlice<UInt8>, values: [UInt64]) -> MapReduce.Bytes { Array(String(values.reduce(0, +)).utf8) }
}
