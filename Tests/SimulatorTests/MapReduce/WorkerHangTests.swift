import Testing
@testable import Simulator

/// A `hang` on a worker stops it answering — no heartbeats, no progress, no fetches served —
/// as a pause of the same length does, and speculation backs up the attempt it stalled.
struct WorkerHangTests {
    /// The audit's `spec-hang.yaml` in small: four one-slot workers, slow maps, worker-1 stopped
    /// at 5 s for 30 s, timeouts long enough that only speculation can route around it.
    static func run(_ fault: MapReduce.ClusterFault?, at: Duration = .seconds(5), splitSize: Int = 1000,
                    speculation: Bool = true) throws -> MapReduce.JobReport {
        let documents = Fixtures.logs(seed: 4, count: 2, lines: 100)
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: splitSize), reducers: 3)
        let configuration = MapReduce.ClusterConfiguration(
            cost: MapReduce.CostModel(mapPerRecord: .milliseconds(30), reducePerKey: .milliseconds(100)),
            policy: MapReduce.CoordinatorPolicy(taskTimeout: .seconds(60), workerTimeout: .seconds(60),
                                                speculation: speculation ? .init() : nil))
        return try Fixtures.run(seed: 3, request, configuration: configuration,
                                faults: fault.map { [.init(at: .after(at), $0)] } ?? []).report
    }

    static let hang = MapReduce.ClusterFault.network(.hang("worker-1", duration: .seconds(30)))
    static let pause = MapReduce.ClusterFault.network(.pause("worker-1", duration: .seconds(30)))

    @Test func aHungWorkerStartsAndFinishesNothingUntilTheHangEnds() throws {
        let report = try Self.run(Self.hang, speculation: false)
        let onWorker1 = report.attempts.filter { $0.worker == "worker-1" }
        let during = VirtualInstant.after(.seconds(5))...VirtualInstant.after(.seconds(35))
        #expect(!onWorker1.contains { during.contains($0.start) })
        #expect(!onWorker1.contains { $0.outcome == .succeeded && during.contains($0.end!) })
        #expect(report.makespan! > .seconds(35))
        #expect(report.output == (try Self.run(nil)).output)
    }

    @Test func forAWorkerAHangIsAPause() throws {
        let hung = try Self.run(Self.hang)
        let paused = try Self.run(Self.pause)
        #expect(hung.makespan == paused.makespan)
        #expect(hung.attempts.map(\.outcome) == paused.attempts.map(\.outcome))
        #expect(hung.attempts.map(\.worker) == paused.attempts.map(\.worker))
    }

    /// Hung at 2.1 s, in the middle of map-0 and after its first progress report: the stalled
    /// attempt's progress rate falls at every heartbeat (LATE), so the first idle worker backs
    /// it up once no map is left to hand out, long before the hang ends at 32.1 s.
    @Test func speculationBacksUpTheAttemptAHangStalled() throws {
        let report = try Self.run(Self.hang, at: .milliseconds(2_100), splitSize: 4000)
        let backups = report.attempts.filter(\.speculative)
        #expect(backups.first.map { $0.task == .map(0) && $0.worker == "worker-4" && $0.start < .after(.seconds(3)) } == true)
        #expect(backups.first?.outcome == .succeeded)
        #expect(report.makespan! < .seconds(20))
    }
}
