import Testing
@testable import Scenarios

/// `--vary` tells two values apart as the loader reads them: a size by its whole bytes, as
/// durations already were by their exact value, and a bare number as the seconds a duration
/// reads it as. `1KiB,1024` and `1,1s` ran two variants of one value.
@Suite struct VarySameValueReadingsTests {
    @Test(arguments: [
        ("body=1KiB,1024", "'body' lists the value '1024' twice (as '1KiB')"),
        ("body=1024,1KiB", "'body' lists the value '1KiB' twice (as '1024')"),
        ("body=1KB,1000B", "'body' lists the value '1000B' twice (as '1KB')"),
        ("body=1.5KiB,1536", "'body' lists the value '1536' twice (as '1.5KiB')"),
        ("body='1KiB',1024B", "'body' lists the value '1024B' twice (as ''1KiB'')"),
        ("workload.timeout=1,1s", "'workload.timeout' lists the value '1s' twice (as '1')"),
        ("workload.timeout=0.5,500ms", "'workload.timeout' lists the value '500ms' twice (as '0.5')"),
        ("workload.timeout=60,1m", "'workload.timeout' lists the value '1m' twice (as '60')"),
    ])
    func oneValueWrittenTwoWaysIsRefused(argument: String, problem: String) {
        #expect(VaryExactDurationKeyTests.problem(argument) == problem)
    }

    @Test(arguments: ["body=1KiB,1KB", "body=0B,0s", "body=1,1KiB", "workload.timeout=1,1ms", "x=1MB,1m", "x='1',1", "x=1.5,1.5KiB"])
    func differentValuesAreDifferentVariants(argument: String) throws {
        #expect(try ScenarioOverride.parseVariants(argument).count == 2)
    }

    @Test func eachReadingOfAValueIsItsKey() {
        #expect(ScenarioOverride.sameValueKeys("1") == ["number 1.0", "duration 1000000000000000000", "bytes 1"])
        #expect(ScenarioOverride.sameValueKeys("1KiB") == ["bytes 1024"])
        #expect(ScenarioOverride.sameValueKeys("\"1s\"") == ["duration 1000000000000000000"])
        #expect(ScenarioOverride.sameValueKeys("'1'") == ["text '1'"])
        #expect(ScenarioOverride.sameValueKeys("1.5") == ["number 1.5", "duration 1500000000000000000"])
        #expect(ScenarioOverride.sameValueKeys("round_robin") == ["text round_robin"])
    }
}
