import Testing
@testable import Scenarios

/// `--vary` compared bare numbers as `Double`s, so `100000000.000000001,100000000` was one value
/// (refused as a repetition) though the digits are two numbers; and it compared a quoted value
/// with a plain one only where it held a duration or a size, so `round_robin,'round_robin'`, one
/// name to the loader, ran two variants. Numbers are now compared on their exact decimal value,
/// and every scalar also by the text a text field reads.
struct VaryExactNumberTests {
    static func problem(_ argument: String) -> String? {
        do {
            _ = try ScenarioOverride.parseVariants(argument)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: ["workload.rate=100000000.000000001,100000000", "workload.rate=0.30000000000000001,0.3", "workload.rate=1e-400,0", "workload.rate=9007199254740993,9007199254740992"])
    func numbersOneDoubleApartInDigitsAreTwoValues(argument: String) throws {
        #expect(try ScenarioOverride.parseVariants(argument).count == 2)
    }

    @Test(arguments: [
        ("workload.rate=1.0,01", "'workload.rate' lists the value '01' twice (as '1.0')"),
        ("workload.rate=1_0e-1,+1", "'workload.rate' lists the value '+1' twice (as '1_0e-1')"),
        ("workload.rate=-0,0.000", "'workload.rate' lists the value '0.000' twice (as '-0')"),
        ("workload.rate=2.50,25e-1", "'workload.rate' lists the value '25e-1' twice (as '2.50')"),
        ("workload.rate=100000000.000000001,100_000_000.000_000_001", "'workload.rate' lists the value '100_000_000.000_000_001' twice (as '100000000.000000001')"),
        ("balancer.strategy=round_robin,'round_robin'", "'balancer.strategy' lists the value ''round_robin'' twice (as 'round_robin')"),
        ("description=\"it's\",'it''s'", "'description' lists the value ''it''s'' twice (as '\"it's\"')"),
        ("description=3,\"3\"", "'description' lists the value '\"3\"' twice (as '3')"),
    ])
    func oneValueWrittenTwoWaysIsRefused(argument: String, problem: String) {
        #expect(Self.problem(argument) == problem)
    }

    @Test func aNumberReadsAsItsExactValue() {
        #expect(VaryValueReadings.exactNumber("01") == "1e0")
        #expect(VaryValueReadings.exactNumber("-2.50") == "-25e-1")
        #expect(VaryValueReadings.exactNumber("+0.000e5") == "0")
        #expect(VaryValueReadings.exactNumber("1e400") == "1e400")
        #expect(VaryValueReadings.exactNumber("1_200") == "12e2")
        #expect(VaryValueReadings.exactNumber("100000000.000000001") == "100000000000000001e-9")
        #expect(VaryValueReadings.exactNumber(".5") == "5e-1")
        #expect(VaryValueReadings.exactNumber("5.") == "5e0")
        #expect(VaryValueReadings.exactNumber("1e99999999999999999999") == nil)
        #expect(VaryValueReadings.exactNumber("1s") == nil)
        #expect(VaryValueReadings.exactNumber("0x10") == nil)
    }

    @Test func aScalarReadsAsItsText() {
        #expect(VaryValueReadings.text("'it''s'") == "it's")
        #expect(VaryValueReadings.text("\"a\\tb\"") == "a\tb")
        #expect(VaryValueReadings.text("plain") == "plain")
        #expect(VaryValueReadings.text("[a]") == nil)
        #expect(VaryValueReadings.text("'open") == nil)
    }
}
