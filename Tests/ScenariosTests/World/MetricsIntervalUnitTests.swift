import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// `--metrics-interval`'s refusal wrote the interval typed in seconds and its hint in
/// milliseconds (`--metrics-interval 8.652s … use an interval of at least 8653ms`): both are now
/// in the one unit the interval was typed in.
struct MetricsIntervalUnitTests {
    static func options(_ typed: String) throws -> ObservationOptions {
        let interval = try ObservationOptions.duration(parsing: typed, option: "--metrics-interval")
        return ObservationOptions(metrics: true, metricsInterval: interval, metricsIntervalUnit: .init(typed: typed))
    }

    static func seed000() throws -> ScenarioFile {
        try ScenarioFile.load(path: packageRoot.appending(path: "scenarios/seed-000-platform.yaml").path)
    }

    /// Seed 000's series' total binds at 8,653 ms: the hint in the typed unit, the interval as typed.
    @Test(arguments: [
        ("8.652s", "--metrics-interval 8.652s samples ", "use an interval of at least 8.653s"),
        ("8652ms", "--metrics-interval 8652ms samples ", "use an interval of at least 8653ms"),
        ("1s", "--metrics-interval 1s gives about 219,600 samples per series ", "at most 100,000: use an interval of at least 8.653s"),
        ("1000ms", "--metrics-interval 1000ms gives about 219,600 samples per series ", "at most 100,000: use an interval of at least 8653ms"),
        ("1", "--metrics-interval 1s gives about 219,600 samples per series ", "at most 100,000: use an interval of at least 8.653s"),
        ("0.1m", "--metrics-interval 0.1m samples ", "use an interval of at least 0.1443m"),
    ])
    func theRefusalSpeaksTheTypedUnit(typed: String, prefix: String, suffix: String) throws {
        let problem = try #require(try Self.options(typed).metricsProblem(for: try Self.seed000()))
        #expect(problem.hasPrefix(prefix), "\(problem)")
        #expect(problem.hasSuffix(suffix), "\(problem)")
    }

    /// The hint passes: 0.1443 min is 8,658 ms, at least the 8,653 ms needed.
    @Test func theRoundedHintStillPasses() throws {
        #expect(try Self.options("0.1443m").metricsProblem(for: try Self.seed000()) == nil)
        #expect(try Self.options("8.653s").metricsProblem(for: try Self.seed000()) == nil)
    }

    /// The series check of a world of many partitions, at an interval typed two ways.
    @Test func theSeriesCheckSpeaksTheTypedUnitToo() throws {
        let (file, _) = try MetricsSeriesBoundTests.world(MetricsSeriesBoundTests.partitions)
        #expect(try Self.options("10ms").metricsProblem(for: file)
                == "--metrics-interval 10ms samples qmany's up to 16,058 series up to 1,002 times each over 10 s of virtual time, up to 1.6 × 10⁷ samples, more than the 5 × 10⁶ a metrics file may hold; use an interval of at least 33ms")
        #expect(try Self.options("0.01s").metricsProblem(for: file)
                == "--metrics-interval 0.01s samples qmany's up to 16,058 series up to 1,002 times each over 10 s of virtual time, up to 1.6 × 10⁷ samples, more than the 5 × 10⁶ a metrics file may hold; use an interval of at least 0.033s")
    }

    /// Each unit writes an interval exactly and a hint rounded up only where its digits do not end.
    @Test func aUnitWritesIntervalsAndHints() {
        let unit = ObservationOptions.IntervalUnit.init(typed:)
        #expect(unit("250us").written(.microseconds(250)) == "250us")
        #expect(unit("250us").atLeast(milliseconds: 33) == "33000us")
        #expect(unit("5ns").atLeast(milliseconds: 2) == "2000000ns")
        #expect(unit("2 s").written(.milliseconds(2_500)) == "2.5s")
        #expect(unit("1.5min").written(.seconds(90)) == "1.5min")
        #expect(unit("1h").atLeast(milliseconds: 8_653) == "0.002404h")
        #expect(unit("1d").atLeast(milliseconds: 86_400_000) == "1d")
        #expect(unit("1s").atLeast(milliseconds: 123_456) == "123.456s")
        #expect(ObservationOptions.IntervalUnit.natural(for: .seconds(3)).written(.seconds(3)) == "3s")
        #expect(ObservationOptions.IntervalUnit.natural(for: .milliseconds(1)).written(.milliseconds(1)) == "1ms")
    }
}
