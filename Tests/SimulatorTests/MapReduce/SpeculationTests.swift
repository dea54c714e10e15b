import Testing
@testable import Simulator

/// Backup attempts for stragglers shorten a job with a slow worker.
struct SpeculationTests {
    static func makespan(speculation: MapReduce.CoordinatorPolicy.Speculation?) throws -> MapReduce.JobReport {
        let documents = Fixtures.logs(seed: 10, count: 4, lines: 100)
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 4000), reducers: 4)
        let configuration = Fixtures.slowCluster(policy: MapReduce.CoordinatorPolicy(speculation: speculation))
        return try Fixtures.run(seed: 61, request, configuration: configuration, faults: [
            .init(at: .zero, .network(.slow("worker-1", factor: 10))),
        ]).report
    }

    @Test func speculativeBackupsShortenAJobWithAStraggler() throws {
        let without = try Self.makespan(speculation: nil)
        let with = try Self.makespan(speculation: MapReduce.CoordinatorPolicy.Speculation())
        #expect(with.makespan! < without.makespan!, "with \(with.makespan!) vs without \(without.makespan!)")
        #expect(without.statistics.speculativeAttempts == 0)
        #expect(with.statistics.speculativeAttempts > 0)
        #expect(with.statistics.speculativeWins > 0)
        #expect(with.output == without.output)
        print("speculation: makespan without \(without.makespan!.formattedSeconds), with \(with.makespan!.formattedSeconds); "
              + "\(with.statistics.speculativeAttempts) backups, \(with.statistics.speculativeWins) won")
    }

    @Test func losingAttemptsOfASpeculatedTaskAreKilled() throws {
        let report = try Self.makespan(speculation: MapReduce.CoordinatorPolicy.Speculation())
        for task in Set(report.attempts.filter(\.speculative).map(\.task)) {
            let outcomes = report.attempts.filter { $0.task == task }.map(\.outcome)
            #expect(outcomes.filter { $0 == .succeeded }.count == 1)
            #expect(outcomes.allSatisfy { $0 == .succeeded || $0 == .killed("another attempt finished first") })
        }
    }
}
