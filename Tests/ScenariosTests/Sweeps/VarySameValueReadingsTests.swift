import Testing
@testable import Scenarios

/// `--vary` tells two values apart as the loader reads them: a size by its whole bytes, as
/// durations already were by their exact value, and a bare number as the seconds a duration
/// reads it as. `1KiB,1024` and `1,1s` ran two variants of one value.
struct VarySameValueReadingsTests {
    @Test(arguments: [
        ("object_store.bytes_per_second=1KiB,1024", "'object_store.bytes_per_second' lists the value '1024' twice (as '1KiB')"),
        ("object_store.bytes_per_second=1024,1KiB", "'object_store.bytes_per_second' lists the value '1KiB' twice (as '1024')"),
        ("object_store.bytes_per_second=1KB,1000B", "'object_store.bytes_per_second' lists the value '1000B' twice (as '1KB')"),
        ("object_store.bytes_per_second=1.5KiB,1536", "'object_store.bytes_per_second' lists the value '1536' twice (as '1.5KiB')"),
        ("object_store.bytes_per_second='1KiB',1024B", "'object_store.bytes_per_second' lists the value '1024B' twice (as ''1KiB'')"),
        ("workload.timeout=1,1s", "'workload.timeout' lists the value '1s' twice (as '1')"),
        ("workload.timeout=0.5,500ms", "'workload.timeout' lists the value '500ms' twice (as '0.5')"),
        ("workload.timeout=60,1m", "'workload.timeout' lists the value '1m' twice (as '60')"),
    ])
    func oneValueWrittenTwoWaysIsRefused(argument: String, problem: String) {
        #expect(VaryExactDurationKeyTests.problem(argument) == problem)
    }

    @Test(arguments: ["object_store.bytes_per_second=1KiB,1KB", "object_store.bytes_per_second=0B,0s", "object_store.bytes_per_second=1,1KiB", "workload.timeout=1,1ms", "x=1MB,1m", "x='1',2", "x=1.5,1.5KiB"])
    func differentValuesAreDifferentVariants(argument: String) throws {
        #expect(try ScenarioOverride.parseVariants(argument).count == 2)
    }

    /// Each value is read as its key's field reads it (VaryTypedSamenessTests): a bare number
    /// is seconds only where a duration goes.
    @Test func eachReadingOfAValueIsItsKey() {
        #expect(ScenarioOverride.sameValueKey("1", as: .duration) == "duration 1000000000000000000")
        #expect(ScenarioOverride.sameValueKey("1", as: .size) == "bytes 1")
        #expect(ScenarioOverride.sameValueKey("1", as: .number) == "number 1e0")
        #expect(ScenarioOverride.sameValueKey("1", as: .text) == "text 1")
        #expect(ScenarioOverride.sameValueKey("1KiB", as: .size) == "bytes 1024")
        #expect(ScenarioOverride.sameValueKey("\"1s\"", as: .duration) == "duration 1000000000000000000")
        #expect(ScenarioOverride.sameValueKey("'1'", as: .number) == "text 1")
        #expect(ScenarioOverride.sameValueKey("1.5", as: .duration) == "duration 1500000000000000000")
        #expect(ScenarioOverride.sameValueKey("round_robin", as: .text) == "text round_robin")
        #expect(ScenarioOverride.sameValueKey("{a: 1}", as: nil) == "text {a: 1}")
    }
}
