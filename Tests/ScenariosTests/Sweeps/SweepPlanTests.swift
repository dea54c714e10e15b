import Testing
import Reports
@testable import Scenarios

/// Seeds, shards, variants and overrides as the command line gives them.
struct SweepPlanTests {
    @Test func seedListsReadRangesAndLists() throws {
        #expect(try SeedList(parsing: "1..5").seeds == [1, 2, 3, 4, 5])
        #expect(try SeedList(parsing: "7").seeds == [7])
        #expect(try SeedList(parsing: "1..3, 10,18446744073709551615").seeds == [1, 2, 3, 10, .max])
        #expect(try SeedList(parsing: "1..3,10").description == "1..3,10")
        #expect(try SeedList(parsing: " 1 .. 3 , 10 ").description == "1..3,10")
        for bad in ["", "a", "5..1", "1..2..3", "-1", "1..3,2", "0..18446744073709551615", "1...3", "1 0", "1..1 0", "1. .3"] {
            #expect(throws: OverrideProblem.self, "\(bad)") { try SeedList(parsing: bad) }
        }
    }

    @Test func shardsComeFromTheOptionOrTheScheduler() throws {
        #expect(try Shard(parsing: "2/3") == Shard(index: 2, count: 3))
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "1/200000"] {
            #expect(throws: OverrideProblem.self, "\(bad)") { try Shard(parsing: bad) }
        }
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "1"], count: 3) == Shard(index: 2, count: 3))
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "2"], count: 3) == Shard(index: 3, count: 3))
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4"], count: 3) == Shard(index: 2, count: 3))
        #expect(try Shard.fromEnvironment([:], count: 3) == nil)
        #expect(throws: OverrideProblem.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3"], count: 3) }
        // Indices at the ends of Int's range trapped when counted from 1 or from the minimum.
        func problem(_ environment: [String: String], count: Int = 3) -> String {
            do { _ = try Shard.fromEnvironment(environment, count: count); return "" } catch { return error.description }
        }
        #expect(problem(["JOB_COMPLETION_INDEX": "\(Int.max)"]) == "JOB_COMPLETION_INDEX 9223372036854775807 selects shard 9223372036854775807 counted from 0, but there are 3 shards (0 … 2)")
        // Slurm's indexes are 0 or more: a negative minimum made the difference overflow, and the
        // error named shard Int.max.
        #expect(problem(["SLURM_ARRAY_TASK_ID": "\(Int.max)", "SLURM_ARRAY_TASK_MIN": "\(Int.min)"])
            == "SLURM_ARRAY_TASK_MIN is not an index: '-9223372036854775808' (Slurm's indexes are 0 … 9223372036854775807)")
        #expect(problem(["SLURM_ARRAY_TASK_ID": "\(Int.max)", "SLURM_ARRAY_TASK_MIN": "0"])
            == "SLURM_ARRAY_TASK_ID 9223372036854775807 (from SLURM_ARRAY_TASK_MIN 0) selects shard 9223372036854775807 counted from 0, but there are 3 shards (0 … 2)")
        // An unset minimum is said unset, not as a 0 the environment gave (checker C, s80).
        #expect(problem(["SLURM_ARRAY_TASK_ID": "4"])
            == "SLURM_ARRAY_TASK_ID 4 (SLURM_ARRAY_TASK_MIN unset: from 0) selects shard 4 counted from 0, but there are 3 shards (0 … 2)")
        #expect(problem(["SLURM_ARRAY_TASK_ID": "-5", "SLURM_ARRAY_TASK_MIN": "-7"])
            == "SLURM_ARRAY_TASK_ID is not an index: '-5' (Slurm's indexes are 0 … 9223372036854775807)")
        // An index past Int's range is not one (the message said it was below the minimum).
        #expect(problem(["SLURM_ARRAY_TASK_ID": "18446744073709551615", "SLURM_ARRAY_TASK_MIN": "18446744073709551613"])
            == "SLURM_ARRAY_TASK_ID is not an index: '18446744073709551615' (Slurm's indexes are 0 … 9223372036854775807)")
        #expect(problem(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "4"]) == "SLURM_ARRAY_TASK_ID 3 is below SLURM_ARRAY_TASK_MIN 4")
        #expect(problem(["JOB_COMPLETION_INDEX": "0"], count: 0) == "a sweep is split into 1 … 100000 shards, got 0")
        let shard = try Shard(index: 2, count: 3)
        #expect((0..<9).filter(shard.contains) == [1, 4, 7])
    }

    @Test func variantsAreEveryCombinationFirstVaryChangingSlowest() throws {
        let plan = try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1..2"), dimensions: [
            ScenarioOverride.parseVariants("a=1,2"), ScenarioOverride.parseVariants("b.c=x,y,z"),
        ])
        #expect(plan.variantCount == 6 && plan.worldCount == 12)
        #expect(plan.label(ofVariant: 0) == "a=1, b.c=x")
        #expect(plan.label(ofVariant: 4) == "a=2, b.c=y")
        #expect(plan.world(at: 9) == (4, 2))
        #expect(throws: OverrideProblem.self) {
            try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1"), dimensions: [ScenarioOverride.parseVariants("a=1"), ScenarioOverride.parseVariants("a=2")])
        }
        #expect(throws: OverrideProblem.self) {
            try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1..1000"), dimensions: [ScenarioOverride.parseVariants("a=" + (1...1001).map(String.init).joined(separator: ","))])
        }
        // Variants are loaded before any world runs: 38,200 took 28 s and 2 GB, so at most 1,000.
        let values = { (path: String, count: Int) in try ScenarioOverride.parseVariants("\(path)=" + (1...count).map(String.init).joined(separator: ",")) }
        var refusal = ""
        do { _ = try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1"), dimensions: [values("a", 200), values("b", 191)]) } catch { refusal = "\(error)" }
        #expect(refusal == "a sweep has at most 1,000 variants; the --vary values make 38,200 (every combination of one value of each); vary fewer values, or sweep in parts")
        #expect(try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1..1000"), dimensions: [values("a", 40), values("b", 25)]).worldCount == 1_000_000)
        // The whole product is named, not the part up to the option that passed the limit.
        do { _ = try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1"), dimensions: [values("a", 1000), values("b", 1000), values("c", 1000)]) } catch { refusal = "\(error)" }
        #expect(refusal == "a sweep has at most 1,000 variants; the --vary values make 1,000,000,000 (every combination of one value of each); vary fewer values, or sweep in parts")
        // A path inside another varied one overwrote part of its values under their labels.
        for (outer, inner) in [("workload={users: 2},{users: 30}", "workload.users=4,5"), ("servers.0.count=2,3", "servers.0={name: a},{name: b}")] {
            do {
                _ = try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1"), dimensions: [ScenarioOverride.parseVariants(outer), ScenarioOverride.parseVariants(inner)])
                Issue.record("\(outer) and \(inner) were accepted")
            } catch { refusal = "\(error)" }
            #expect(refusal.hasSuffix("overlap: one is inside the other, so the variants' labels would not say what ran; vary the values inside, or write them into the outer one's values"))
        }
        #expect(try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1"), dimensions: [
            ScenarioOverride.parseVariants("workload.users=1,2"), ScenarioOverride.parseVariants("workload.user=3"),
        ]).variantCount == 2)
    }

    /// `--vary seed=5,6` made two variants that ran the same worlds (the seeds are --seeds'), and
    /// `--vary name=a,b` named the sweep after its first value: the file's own keys are not varied.
    @Test func theFilesOwnKeysAreNotVaried() throws {
        for (path, reason) in [("seed", "the seeds of a sweep are its --seeds"),
                               ("name", "a sweep is named by its file; its variants are told apart by their --vary values"),
                               ("description", "a sweep is described by its file"), ("version", "the file's format version is not a variable")] {
            var refusal = ""
            do { _ = try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1"), dimensions: [ScenarioOverride.parseVariants("\(path)=1,2")]) } catch { refusal = "\(error)" }
            #expect(refusal == "--vary \(path): \(reason)")
        }
        #expect(try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1"), dimensions: [ScenarioOverride.parseVariants("servers.0.name=a,b")]).variantCount == 2)
    }

    /// A --vary value with line breaks: the replay command is for any shell, dash included — the
    /// line breaks and the tab inside its single quotes, the escape by `printf` (no `$'…'`) — and a
    /// file named like an option is written ./-t.yaml, so the command can be pasted as it is.
    @Test func replayCommandsAreForAnyShellAndNameTheFileAsAFile() throws {
        let plan = try SweepPlan(file: "-t.yaml", seeds: SeedList(parsing: "1"), dimensions: [ScenarioOverride.parseVariants("servers.0.name=a\n\n## b's\tc\u{1B}")])
        #expect(plan.replayCommand(variant: 0, seed: 1) == "orrery run ./-t.yaml --seed 1 --set 'servers.0.name=a\n\n## b'\\''s\tc'\"$(printf '\\033')\"")
        #expect(ShellQuoting.quote("it's") == #"'it'\''s'"#)
        #expect("a\n\n## b\r\nc".markdownLine == "a  ## b c")
    }

    @Test func varyValuesSplitOnTopLevelCommasOnly() throws {
        let values = try ScenarioOverride.parseVariants("workload.service_time={lognormal: {median: 1ms, sigma: 0.5}}, 2ms,'a,b'").map(\.value)
        #expect(values == ["{lognormal: {median: 1ms, sigma: 0.5}}", "2ms", "'a,b'"])
        for bad in ["novalue", "=1", "a..b=1", "a=", "a=1,1"] {
            #expect(throws: OverrideProblem.self, "\(bad)") { try ScenarioOverride.parseVariants(bad) }
        }
        #expect(try ScenarioOverride(parsing: "servers.0.count=4") == ScenarioOverride(path: "servers.0.count", value: "4"))
    }
}
