import Foundation
@testable import Scenarios
@testable import Simulator

/// A checker's reproducer run as a test: a MapReduce scenario file and its input files written
/// to a scratch directory, loaded and run as `orrery run` runs them.
struct MapReduceReproducer {
    /// The run's world result.
    let world: RunResult

    /// Writes `files` (name → bytes) and `yaml` as `t.yaml` to a scratch directory, runs it, and
    /// removes the directory.
    init(_ yaml: String, files: [String: [UInt8]]) throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        for name in files.keys.sorted() {
            try Data(files[name]!).write(to: fixture.url.appendingPathComponent(name))
        }
        world = ScenarioRunner.run(try fixture.load(yaml).world)
    }

    /// The job's result.
    var job: MapReduceRunResult { world.jobs[0].result }

    /// The job's attempts as `attempts.csv` writes them.
    var attemptsCSV: String { job.run.report.map { JobReportTables.attemptsCSV($0) } ?? "" }
}
