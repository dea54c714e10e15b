import Testing
@testable import Scenarios

/// `--vary` tells two values apart as the loader does: durations by their exact digits. The
/// repetition check read them through a `Double`, so `100000000.000000001s` and `100000000s`
/// (1 ns apart, each loading as itself) were refused as "the same value twice".
struct VaryExactDurationKeyTests {
    static func problem(_ argument: String) -> String? {
        do {
            _ = try ScenarioOverride.parseVariants(argument)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func durationsOneNanosecondApartAreTwoVariants() throws {
        let variants = try ScenarioOverride.parseVariants("workload.timeout=100000000.000000001s,100000000s")
        #expect(variants.map(\.value) == ["100000000.000000001s", "100000000s"])
        #expect(try ScenarioOverride.parseVariants("workload.timeout=3155759999.999999999s,3155760000s").count == 2)
        #expect(try ScenarioOverride.parseVariants("workload.timeout=1.5ns,2ns").count == 2)
    }

    @Test func oneDurationSpelledTwiceIsStillRefused() {
        #expect(Self.problem("workload.timeout=100000000.000000001s,100000000000000001ns")
                == "'workload.timeout' lists the value '100000000000000001ns' twice (as '100000000.000000001s')")
        #expect(Self.problem("workload.timeout=100000000s,'100000000000ms'")
                == "'workload.timeout' lists the value ''100000000000ms'' twice (as '100000000s')")
        #expect(Self.problem("workload.timeout=1d,24h") == "'workload.timeout' lists the value '24h' twice (as '1d')")
    }
}
