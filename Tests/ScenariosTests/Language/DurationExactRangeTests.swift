import Testing
@testable import Scenarios

/// A duration's range, sign and zero-ness are judged on its digits as written, as its whole-ness
/// is: `1e400ns` is too long (a `Double` pre-check called it "no duration"), `1e-400s` is longer
/// than zero. The limit is printed exactly (`3.15e9 s` let `3.152e9s` look too long), a value
/// below 1 ns offers both whole values where 0 is allowed, and the Greek `μs` reads as `µs`.
struct DurationExactRangeTests {
    static func cursor(_ text: String) -> YAMLCursor { WholeUnitTests.cursor(text) }

    static func refusal(_ read: () throws -> Void) -> String? {
        do {
            try read()
            return nil
        } catch let error as ScenarioError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: ["1e999999999s", "1e400ns", "1e309", "36526d", "3155760000.000000001s", "1e00000000010s"])
    func aDurationPastTheLimitIsTooLong(text: String) {
        #expect(Self.refusal { _ = try Self.cursor(text).duration() }
            == "a duration is at most 100 years of virtual time (3,155,760,000 s), got \(text)")
        #expect(Self.refusal { _ = try Self.cursor(text).parameterSeconds() }
            == "a duration is at most 100 years of virtual time (3,155,760,000 s), got \(text)")
    }

    @Test func theLimitItselfLoads() throws {
        #expect(try Self.cursor("36525d").duration() == .seconds(3_155_760_000))
        #expect(try Self.cursor("3155760000s").seconds() == 3_155_760_000)
        #expect(try Self.cursor("3.152e9s").duration() == .seconds(3_152_000_000))
    }

    @Test func theSignIsJudgedOnTheDigits() {
        #expect(Self.refusal { _ = try Self.cursor("-1e-400s").parameterSeconds() } == "a duration cannot be negative, got -1e-400s")
        #expect(Self.refusal { _ = try Self.cursor("-0s").duration() } == nil)
        #expect(Self.refusal { _ = try Self.cursor("-1e999s").duration() } == "a duration cannot be negative, got -1e999s")
    }

    @Test func aParameterTooSmallForADoubleIsNotCalledZero() throws {
        let distribution = { (text: String) in
            Self.refusal { _ = try ScenarioDocument.compose(text, file: "d.yaml").durationDistribution() }
        }
        #expect(distribution("{exponential: 1e-400s}")
            == "'1e-400s' is longer than zero but shorter than the shortest duration a parameter holds (about 5 × 10⁻³²⁴ s)")
        #expect(distribution("{exponential: 0s}") == "must be longer than zero, got 0s")
        #expect(distribution("{exponential: 1e-300s}") == nil)
    }

    @Test func belowANanosecondOffersZeroWhereZeroIsAllowed() {
        let message = "'0.0000000001s' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write "
        #expect(Self.refusal { _ = try Self.cursor("0.0000000001s").duration() } == message + "0ns or 1ns")
        #expect(Self.refusal { _ = try Self.cursor("0.0000000001s").positiveDuration() } == message + "1ns")
        #expect(Self.refusal { _ = try Self.cursor("1e-400s").seconds() }
            == "'1e-400s' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 0ns or 1ns")
    }

    @Test func theGreekMuIsTheMicroSign() throws {
        #expect("\u{03BC}s" != "\u{00B5}s")
        #expect(try Self.cursor("250\u{03BC}s").duration() == .microseconds(250))
        #expect(try Self.cursor("250\u{00B5}s").duration() == .microseconds(250))
        #expect(try Self.cursor("1.5e3\u{03BC}s").seconds() == 1.5e3 * 1e-6)
        #expect(Self.refusal { _ = try Self.cursor("0.5\u{03BC}s").duration() } == nil)
        #expect(try ObservationOptions.duration(parsing: "1500\u{03BC}s", option: "--metrics-interval") == .microseconds(1_500))
        let document = try ScenarioDocument.parse(WholeUnitTests.traffic, file: "h.yaml")
        let overridden = try document.overriding([try ScenarioOverride(parsing: "servers.0.service_time=250\u{03BC}s")], option: "--set")
        #expect(throws: Never.self) { _ = try ScenarioLoader.scenario(from: overridden) }
    }
}
