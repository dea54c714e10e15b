import Foundation
import Testing
@testable import Scenarios

/// The sweep's progress and its stop policy, moved from the `sweep` command into Scenarios: a
/// replay that could not run is the environment's failure (exit 2), a replay with another digest
/// the world's (exit 1) — a cause carried by the stop, not read from its text; records are
/// counted, failures tallied and kept only for a whole sweep's report.
struct SweepProgressStopTests {
    @Test func aStopsCauseIsCarriedBesideItsMessageNotReadFromIt() {
        let unreplayed = SweepStop.environment("the child process replaying world 3 (variant 1, seed 4) for --check-determinism ended (signal 9) without a digest")
        #expect(unreplayed == SweepStop(message: "error: the child process replaying world 3 (variant 1, seed 4) for --check-determinism ended (signal 9) without a digest", cause: .environment))
        let differed = SweepStop.nondeterminism("world 3 (variant 1, seed 4) replayed to digest 5 where the sweep had 6")
        #expect(differed == SweepStop(message: "nondeterminism: world 3 (variant 1, seed 4) replayed to digest 5 where the sweep had 6", cause: .nondeterminism))
        // A text that reads like the other kind keeps the cause it was made with.
        #expect(SweepStop(message: "error: x", cause: .nondeterminism).cause == .nondeterminism)
        #expect(SweepStop.nondeterminism("error: x").message == "nondeterminism: error: x")
    }

    @Test(arguments: [true, false])
    func recordsAreCountedUntilTheFirstMismatch(keepsRecords: Bool) throws {
        let path = packageRoot.appendingPathComponent("scenarios/crash-and-restart.yaml").path
        let manifest = try Sweep.load(SweepPlan(file: path, seeds: SeedList(parsing: "1..3"), dimensions: [])).manifest
        let passing = try SweepReportFiguresTests.record(manifest, variant: 0, seed: 1, position: 0, values: [:])
        let failing = try SweepReportFiguresTests.record(manifest, variant: 0, seed: 2, position: 1, values: [:], expectations: [true, false, true])
        let third = try SweepReportFiguresTests.record(manifest, variant: 0, seed: 3, position: 2, values: [:])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-progress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = try SweepDirectory(path: folder.path + "/sweep")
        let progress = SweepProgress(directory: directory, keepsRecords: keepsRecords)

        #expect(progress.take(passing, mismatch: nil))
        #expect(progress.take(failing, mismatch: nil))
        #expect(progress.stop == nil)
        #expect(!progress.take(third, mismatch: .environment("cannot start a child process")))
        #expect(progress.stop == SweepStop(message: "error: cannot start a child process", cause: .environment))
        #expect(progress.count == 2)
        #expect(progress.failed == 1)
        #expect(progress.records == (keepsRecords ? [passing, failing] : []))
        // The stopped world's record is not among those written.
        try directory.finish(manifest: manifest, report: nil)
        let written = try String(contentsOfFile: folder.path + "/sweep/worlds.jsonl", encoding: .utf8)
        #expect(written == passing.jsonLine() + "\n" + failing.jsonLine() + "\n")
    }
}
