import Foundation
import Testing
@testable import Scenarios

/// Ranges the loader checks that README's table left out (s77's F8): the 1 GiB size cap, a log
/// producer's `attempts` and `timeout`, a queue producer's `keys` and `attempts`,
/// `strategy.hash.balance_factor`, the MapReduce experiment's `claims:`, the backup experiment's
/// `duration` and `sample_every` with its 10⁶ caps, and a sweep's 1,000 variants and 10⁶ worlds.
/// Each row is pinned beside the constant the loader checks, so the two move together.
struct ReadmeRangesDocumentedTests {
    static let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    @Test func theLoadersLimitsAreTheDocumentedOnes() {
        #expect(YAMLCursor.maximumBytes == 1_073_741_824)
        #expect(ScenarioSchema.producerAttempts == 1...1_000)
        #expect(ScenarioSchema.maximumBalanceFactor == 100)
        #expect(ScenarioSchema.backupMostRounds == 1_000_000)
        #expect(SweepPlan.maximumVariants == 1_000)
        #expect(SweepPlan.maximumWorlds == 1_000_000)
        #expect(ScenarioLoader.mostPlacementSetupSteps == 268_435_456)
    }

    @Test(arguments: [
        "a whole number of bytes, at most 1 GiB (1,073,741,824 bytes; `2GiB` is refused)",
        "| `log.producers.records` / `rate` / `attempts` / `timeout` | 1 … 10⁷ / above 0, at most 10⁷ per second / 1 … 1,000 (default 5) / above 0 (default 1 s) |",
        "/ a producer's `keys` / a producer's `attempts` /",
        "/ 0 … 100 each / 1 … 10⁶ / 1 … 100 (default 3) / 1 … 10⁶ (2 × 10⁶)",
        "| `strategy.hash.balance_factor` | above 1, at most 100 |",
        "| MapReduce experiment `claims:` `mappers`, `reducers`, `linear_up_to`, `map_task.events`, `end_to_end.events` / `events_per_second_per_mapper`, `events_per_second_with_mappers` / `map_task.time` / `recovery`, `end_to_end` `{min, max}` / `combiner_reduction`, `tolerance` | 1 … 10⁹ / above 0 / above 0, a duration / durations, `max` not below `min` / 0 … 1 |",
        "| backup experiment `duration` / `sample_every` | above 0 (default 60 days) / above 0 (default 1 h); over `duration` at most 10⁶ samples, and likewise at most 10⁶ syncs, backups and rounds of changes (`sync_interval`, `backup_interval`, `source.change_every`) |",
        "— at most 1,000 variants and 10⁶ worlds (variants × seeds);",
        "at most 268,435,456 (2²⁸) steps",
    ])
    func readmeStatesTheRange(row: String) {
        #expect(Self.readme.contains(row), "\(row)")
    }

    @Test func theLoaderRefusesPastEachDocumentedEdge() {
        let world = { (producer: String) in
            "run: {duration: 10s}\nlog:\n  topics: [{name: t, partitions: 1}]\n  producers: [{name: p, topic: t, records: 1, rate: 1, \(producer)}]\n"
        }
        #expect(loadError(world("attempts: 1000")) == nil)
        #expect(loadError(world("attempts: 1001"))?.description.hasSuffix("must be 1 … 1,000, got 1,001 (at log.producers.[0].attempts)") == true,
                "\(loadError(world("attempts: 1001"))?.description ?? "accepted")")
    }
}
