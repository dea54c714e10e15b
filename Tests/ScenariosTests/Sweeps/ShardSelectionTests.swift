import Testing
@testable import Scenarios

/// `--shard` and `--shards` against a scheduler's array index, chosen in Scenarios (the `sweep`
/// command passes its options and environment): what agrees is accepted, what contradicts refused
/// with the options named as typed.
struct ShardSelectionTests {
    static func select(_ option: String?, _ count: Int?, _ environment: [String: String] = [:]) -> String {
        do { return try Shard.selected(option: option, count: count, environment: environment).map { "\($0)" } ?? "whole sweep" } catch {
            return error.description
        }
    }

    @Test func agreeingSelectionsAreAccepted() {
        #expect(Self.select(nil, nil, ["JOB_COMPLETION_INDEX": "1"]) == "whole sweep")
        #expect(Self.select("2/4", nil) == "2/4")
        #expect(Self.select("2/4", 4) == "2/4")
        #expect(Self.select("2/4", nil, ["JOB_COMPLETION_INDEX": "1"]) == "2/4")
        #expect(Self.select(nil, 4, ["JOB_COMPLETION_INDEX": "3"]) == "4/4")
        #expect(Self.select(nil, 4, ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5"]) == "3/4")
    }

    @Test func contradictionsAreRefusedNamingTheOptions() {
        #expect(Self.select("+2/4", nil) == "--shard: expected a shard as i/n in the digits 0-9 (e.g. 2/8, numbered from 1), got '+2/4'")
        #expect(Self.select("2/4", 8) == "--shard 2/4 and --shards 8 disagree")
        #expect(Self.select("2/4", nil, ["JOB_COMPLETION_INDEX": "0"])
                == "--shard 2/4 but JOB_COMPLETION_INDEX 0 selects shard 1/4: give --shards 4 to take the scheduler's shard, or unset its variable to run the one named")
        #expect(Self.select("2/4", nil, ["JOB_COMPLETION_INDEX": "x"]) == "--shard 2/4 and the scheduler disagree: JOB_COMPLETION_INDEX is not an index: 'x'")
        #expect(Self.select(nil, 4, ["JOB_COMPLETION_INDEX": "4"])
                == "--shards 4: JOB_COMPLETION_INDEX 4 selects shard 4 counted from 0, but there are 4 shards (0 … 3)")
        #expect(Self.select(nil, 4)
                == "--shards 4 needs JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm) to pick a shard, or use --shard i/n")
    }
}
