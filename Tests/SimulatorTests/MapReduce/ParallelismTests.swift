import Testing
@testable import Simulator

/// Tasks run at the same time on different workers, within each worker's bound, and — without
/// faults — exactly once each.
struct ParallelismTests {
    static let documents = Fixtures.logs(seed: 3, count: 4, lines: 100)
    static let splits = MapReduce.InputSplitter.splits(of: documents, targetSize: 4000).count

    /// Twelve map tasks of 0.3–0.8 s and four reduce tasks of ~0.7 s on four workers.
    static func run(seed: UInt64 = 31) throws -> MapReduce.JobReport {
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 4000), reducers: 4)
        return try Fixtures.run(seed: seed, request, configuration: Fixtures.slowCluster()).report
    }

    static func overlappingPairsOnDifferentWorkers(_ attempts: [MapReduce.Attempt]) -> Int {
        var pairs = 0
        for (i, a) in attempts.enumerated() {
            for b in attempts[(i + 1)...] where a.worker != b.worker && Fixtures.overlap(a, b) { pairs += 1 }
        }
        return pairs
    }

    @Test func mapTasksRunInParallelOnDifferentWorkers() throws {
        let report = try Self.run()
        let maps = report.attempts.filter { $0.task.kind == .map }
        #expect(report.mapTasks == Self.splits && Self.splits == 12)
        #expect(Set(maps.map(\.worker)).count == 4)
        #expect(Self.overlappingPairsOnDifferentWorkers(maps) > 0)
    }

    @Test func reduceTasksRunInParallelOnDifferentWorkers() throws {
        let report = try Self.run()
        let reduces = report.attempts.filter { $0.task.kind == .reduce }
        #expect(Set(reduces.map(\.worker)).count >= 3)
        #expect(Self.overlappingPairsOnDifferentWorkers(reduces) > 0)
    }

    @Test func withoutFaultsEveryTaskRunsExactlyOnce() throws {
        let report = try Self.run()
        let maps = report.attempts.filter { $0.task.kind == .map }
        #expect(maps.map(\.task).sorted() == (0..<Self.splits).map { MapReduce.TaskID.map($0) })
        #expect(report.attempts.filter { $0.task.kind == .reduce }.count == report.reduceTasks)
        #expect(report.attempts.allSatisfy { $0.outcome == .succeeded })
        #expect(report.statistics.retries == 0)
        #expect(report.statistics.speculativeAttempts == 0)
        #expect(report.statistics.mapReexecutions == 0)
    }

    @Test func noWorkerEverRunsMoreMapTasksThanItHasSlots() throws {
        let report = try Self.run()
        for worker in Set(report.attempts.map(\.worker)) {
            let mine = report.attempts.filter { $0.worker == worker && $0.task.kind == .map }
            for attempt in mine {
                let concurrent = mine.filter { $0.start <= attempt.start && attempt.start < $0.end! }.count
                #expect(concurrent <= 2, "\(worker) ran \(concurrent) map tasks at \(attempt.start)")
            }
        }
    }

    @Test func reduceStartsOnlyAfterEveryMapCompleted() throws {
        let report = try Self.run()
        let lastMap = report.attempts.filter { $0.task.kind == .map }.compactMap(\.end).max()!
        #expect(report.attempts.filter { $0.task.kind == .reduce }.allSatisfy { $0.start >= lastMap })
        #expect(report.mapPhase!.end == lastMap)
        #expect(report.reducePhase!.end == report.finishedAt)
    }
}
