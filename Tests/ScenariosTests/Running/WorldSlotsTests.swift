import Dispatch
import Foundation
import Reports
import Simulator
import Synchronization
import Testing
@testable import Scenarios

/// Experiments side by side: their worlds share `--jobs` threads, the earliest experiment's
/// first, and what they report is what they report one after another.
struct WorldSlotsTests {
    /// A world of rank 0 submitted after rank 1's runs before any of them once a thread is free,
    /// and every world runs on one of the slots' threads, never more at once than there are.
    @Test func theEarliestRankRunsFirstOnTheSlotsThreadsAlone() {
        let slots = WorldSlots(width: 1)
        defer { slots.close() }
        let order = Mutex<[String]>([])
        let busy = Atomic<Int>(0), mostBusy = Atomic<Int>(0)
        let blocker = DispatchSemaphore(value: 0), blocking = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        @Sendable func record(_ name: String) {
            let now = busy.add(1, ordering: .sequentiallyConsistent).newValue
            _ = mostBusy.max(now, ordering: .sequentiallyConsistent)
            order.withLock { $0.append(name) }
            busy.subtract(1, ordering: .sequentiallyConsistent)
        }
        // The one thread is held by a world of rank 5 until both ranks have submitted theirs.
        done.enter()
        Thread {
            slots.run(1, rank: 5) { _ in
                blocking.signal()
                blocker.wait()
                record("5")
            }
            done.leave()
        }.start()
        blocking.wait()
        for rank in [1, 0] {
            done.enter()
            Thread {
                slots.run(3, rank: rank) { index in record("\(rank).\(index)") }
                done.leave()
            }.start()
            while slots.waitingCount < (rank == 1 ? 3 : 6) { usleep(1_000) }
        }
        blocker.signal()
        done.wait()
        #expect(order.withLock { $0 } == ["5", "0.0", "0.1", "0.2", "1.0", "1.1", "1.2"])
        #expect(mostBusy.load(ordering: .sequentiallyConsistent) == 1)
    }

    /// Under a ticket `map` hands its worlds to the slots: results in order, the first failure in
    /// index order thrown, a world's own `map` run inside it, and no more worlds at once than slots.
    @Test func mapUnderATicketIsMapWithout() throws {
        let slots = WorldSlots(width: 2)
        defer { slots.close() }
        struct Odd: Error, Equatable { let index: Int }
        let busy = Atomic<Int>(0), mostBusy = Atomic<Int>(0)
        let (squares, nested, failure) = WorldSlots.$current.withValue(WorldSlots.Ticket(slots: slots, rank: 0)) {
            let squares = ParallelWorlds.map(Array(0..<20), width: 2) { value -> Int in
                let now = busy.add(1, ordering: .sequentiallyConsistent).newValue
                _ = mostBusy.max(now, ordering: .sequentiallyConsistent)
                defer { busy.subtract(1, ordering: .sequentiallyConsistent) }
                return value * value
            }
            let nested = ParallelWorlds.map(Array(0..<3), width: 2) { outer in ParallelWorlds.map(Array(0..<3), width: 2) { outer * 10 + $0 } }
            let failure = Result { () throws(Odd) -> [Int] in
                try ParallelWorlds.map(6, width: 2) { index throws(Odd) -> Int in
                    if index % 2 == 1 { throw Odd(index: index) }
                    return index
                }
            }
            return (squares, nested, failure)
        }
        #expect(squares == (0..<20).map { $0 * $0 })
        #expect(nested == [[0, 1, 2], [10, 11, 12], [20, 21, 22]])
        #expect(throws: Odd(index: 1)) { try failure.get() }
        #expect(mostBusy.load(ordering: .sequentiallyConsistent) <= 2)
        #expect(slots.waitingCount == 0)
    }

    /// `experiment a1 a3 a2` with two jobs (two at a time, their worlds on two shared threads)
    /// delivers, in order, exactly the reports of each run alone with one job; a `deliver` that
    /// says stop gets nothing more.
    @Test func experimentsSideBySideReportWhatTheyReportAlone() throws {
        let experiments: [any Experiment] = [try A1Experiment.load(from: scenarioDirectory), try A3Experiment.load(from: scenarioDirectory),
                                             try A2Experiment.load(from: scenarioDirectory)]
        let alone = try experiments.map { experiment throws(ExperimentFailure) in try experiment.run(jobs: 1) }
        let delivered = Mutex<[(Int, ReportBundle)]>([])
        ExperimentRuns.run(experiments, jobs: 2) { index, result in
            delivered.withLock { $0.append((index, try! result.get())) }
            return true
        }
        let side = delivered.withLock { $0 }
        #expect(side.map(\.0) == [0, 1, 2])
        for (index, bundle) in side {
            #expect(bundle.files.map(\.path) == alone[index].files.map(\.path))
            #expect(bundle.files.map(\.contents) == alone[index].files.map(\.contents))
        }
        let stopped = Mutex<[Int]>([])
        ExperimentRuns.run(experiments, jobs: 2) { index, _ in
            stopped.withLock { $0.append(index) }
            return false
        }
        #expect(stopped.withLock { $0 } == [0])
    }

    /// Pieces side by side count their worlds, not themselves, and the slots' first thread reports
    /// the virtual time of the world it runs, as the command's thread does without slots.
    @Test func theProgressCountsTheWorldsAndTheFirstThreadsVirtualTime() throws {
        let scenario = try ScenarioLoader.parse("""
            run: {requests: 20000}
            servers: [{name: s, count: 2, slots: 2, service_time: {exponential: 2ms}}]
            workload: {type: closed_loop, users: 10, timeout: 1s}
            """, file: "progress.yaml")
        let progress = RunProgress()
        let digests = Mutex<[[String]]>([[], []])
        RunProgress.$current.withValue(progress) {
            ParallelWorlds.overlapping(2, width: 2, worlds: 1, { piece in
                ParallelWorlds.map(Array(0..<3), width: 2) { _ in ScenarioRunner.run(scenario).digest }
            }, deliver: { (result: [String]) in
                digests.withLock { $0[$0[0].isEmpty ? 0 : 1] = result }
                return true
            })
        }
        let digest = ScenarioRunner.run(scenario).digest
        #expect(digests.withLock { $0 } == [[digest, digest, digest], [digest, digest, digest]])
        #expect(progress.snapshot.worldsTotal == 6)
        #expect(progress.snapshot.worldsDone == 6)
        #expect(progress.snapshot.events >= UInt64(Simulation.progressEvents))
    }

    /// `--jobs 1024` runs no more worlds at once than there are cores, with or without slots:
    /// each world at once is its memory (a claims world of 10,000 users is ~100 MB).
    @Test func noMoreWorldsAtOnceThanCores() {
        let busy = Atomic<Int>(0), mostBusy = Atomic<Int>(0)
        @Sendable func world(_ value: Int) -> Int {
            let now = busy.add(1, ordering: .sequentiallyConsistent).newValue
            _ = mostBusy.max(now, ordering: .sequentiallyConsistent)
            usleep(2_000)
            busy.subtract(1, ordering: .sequentiallyConsistent)
            return value
        }
        #expect(ParallelWorlds.map(Array(0..<64), width: 1_024, world) == Array(0..<64))
        ParallelWorlds.overlapping(3, width: 2, worlds: 1_024, { _ in ParallelWorlds.map(Array(0..<16), width: 1_024, world) },
                                   deliver: { $0 == Array(0..<16) })
        #expect(mostBusy.load(ordering: .sequentiallyConsistent) <= ParallelWorlds.cores)
        #expect(mostBusy.load(ordering: .sequentiallyConsistent) >= 1)
    }
}
