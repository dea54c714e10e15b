import Simulator
import Testing
@testable import Scenarios

/// What a file writes means exactly what it says, or is refused: a duration is a whole number of
/// nanoseconds (the virtual clock's unit) and a size a whole number of bytes, decided on the
/// digits as written, not on a `Double`; per-byte costs keep fractions of a nanosecond, and only
/// a task's total is rounded to the clock's nanosecond.
struct WholeUnitTests {
    static func error(_ text: String) -> String? { HostileInputTests.error(text) }

    static let traffic = HostileInputTests.traffic

    static func cursor(_ text: String) -> YAMLCursor {
        YAMLCursor(node: .scalar(.init(text)), file: "t.yaml", path: "v")
    }

    // MARK: Exact decimals

    @Test(arguments: [
        ("0.3", 1_000_000_000_000_000_000, ExactDecimal.Scaled.whole(300_000_000_000_000_000)),
        ("1.9999999", 1_000_000_000_000_000_000, .whole(1_999_999_900_000_000_000)),
        ("1.5e3", 1_000_000_000_000, .whole(1_500_000_000_000_000)),
        (".5", 1_000_000_000_000_000, .whole(500_000_000_000_000)),
        ("1_000.000_0", 1, .whole(1_000)),
        ("0.0", 1, .whole(0)),
        ("0e99999999999", 1, .whole(0)),
        ("1.5", 1_024, .whole(1_536)),
        ("0.4", 1, .fraction(below: 0)),
        ("999.9999", 1_000, .fraction(below: 999_999)),
        ("1e-1000000000", 1, .fraction(below: 0)),
        ("0.000000000000000000000000000000931322574615478515625", 1 << 30, .fraction(below: 0)),
        ("0.000000000931322574615478515625", 1 << 30, .whole(1)),
        ("1e40", 1, .tooLarge),
    ] as [(String, Int128, ExactDecimal.Scaled)])
    func aDecimalIsScaledExactly(text: String, unit: Int128, expected: ExactDecimal.Scaled) {
        #expect(ExactDecimal.scaled(text[...], by: unit) == expected, "\(text)")
    }

    @Test func notANumberIsNil() {
        #expect(ExactDecimal.scaled("0x10", by: 1) == nil)
        #expect(ExactDecimal.scaled("1e", by: 1) == nil)
        // `-0` is zero, as the `Double` read it.
        #expect(ExactDecimal.scaled("-0.0", by: 1) == .whole(0))
        #expect(ExactDecimal.scaled("1_", by: 1) == nil)
    }

    // MARK: Durations: whole nanoseconds

    @Test(arguments: [
        ("0.3s", 300_000_000), ("1.9999999s", 1_999_999_900), ("1.5e3us", 1_500_000), (".5ms", 500_000),
        ("999.999us", 999_999), ("1ns", 1), ("0", 0), ("-0s", 0), ("+2ms", 2_000_000), ("0.000000001", 1), ("2.5min", 150_000_000_000),
        ("0.5h", 1_800_000_000_000), ("1.000000000000000000000d", 86_400_000_000_000),
    ] as [(String, Int64)])
    func aWholeNumberOfNanosecondsLoadsExactly(text: String, nanoseconds: Int64) throws {
        #expect(try Self.cursor(text).duration() == .nanoseconds(nanoseconds), "\(text)")
        #expect(try Self.cursor(text).wholeNanoseconds() == nanoseconds, "\(text)")
    }

    @Test func wholeDurationsReadAsSecondsAsBefore() throws {
        // The `Double` a distribution gets is the one it got before the whole-ness check.
        #expect(try Self.cursor("0.3s").seconds() == 0.3)
        #expect(try Self.cursor("1.5e3us").seconds() == 1.5e3 * 1e-6)
        #expect(try Self.cursor(".5ms").seconds() == 0.5 * 1e-3)
    }

    @Test(arguments: [
        ("1.5ns", "'1.5ns' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 1ns or 2ns"),
        ("0.4ns", "'0.4ns' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 0ns or 1ns"),
        ("0.0000000001s", "'0.0000000001s' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 0ns or 1ns"),
        ("999.9999us", "'999.9999us' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 999999ns or 1000000ns"),
        ("1.0000000001", "'1.0000000001' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 1000000000ns or 1000000001ns"),
        ("0.1min", nil), ("1e-10s", "'1e-10s' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 0ns or 1ns"),
    ] as [(String, String?)])
    func aFractionOfANanosecondIsRefused(text: String, message: String?) {
        let refused: String?
        do {
            _ = try Self.cursor(text).seconds()
            refused = nil
        } catch {
            refused = error.message
        }
        #expect(refused == message, "\(text)")
    }

    @Test func aFileSaysWhereTheFractionIs() {
        #expect(Self.error(Self.traffic.replacingOccurrences(of: "servers: [{name: s}]", with: "servers: [{name: s, service_time: 1.5ns}]"))
            == "h.yaml:3:35: error: '1.5ns' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 1ns or 2ns (at servers.[0].service_time)")
        #expect(Self.error(Self.traffic.replacingOccurrences(of: "users: 1}", with: "users: 1, timeout: 999.9999us}"))
            == "h.yaml:4:50: error: '999.9999us' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 999999ns or 1000000ns (at workload.timeout)")
        #expect(Self.error(Self.traffic.replacingOccurrences(of: "users: 1}", with: "users: 1, think_time: 0.0000000001s}"))
            == "h.yaml:4:53: error: '0.0000000001s' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 0ns or 1ns (at workload.think_time)")
        // Whole ones load as before.
        for text in ["0.3s", "1.9999999s", "1.5e3us", ".5ms"] {
            #expect(Self.error(Self.traffic.replacingOccurrences(of: "servers: [{name: s}]", with: "servers: [{name: s, service_time: \(text)}]")) == nil, "\(text)")
        }
    }

    @Test func aSetValueFollowsTheSameRule() throws {
        let document = try ScenarioDocument.parse(Self.traffic, file: "h.yaml")
        let overridden = try document.overriding([try ScenarioOverride(parsing: "servers.0.service_time=1.5ns")], option: "--set")
        do {
            _ = try ScenarioLoader.scenario(from: overridden)
            Issue.record("accepted")
        } catch {
            #expect(error.message == "'1.5ns' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 1ns or 2ns")
        }
    }

    /// The command line's durations (`--metrics-interval`, `--trace-window`) are read by the
    /// same reader.
    @Test func aCommandLineDurationFollowsTheSameRule() throws {
        #expect(try ObservationOptions.duration(parsing: "1.5e3us", option: "--metrics-interval") == .microseconds(1_500))
        do {
            _ = try ObservationOptions.duration(parsing: "1.5ns", option: "--trace-window")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "--trace-window: '1.5ns' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 1ns or 2ns")
        }
    }

    // MARK: Per-byte costs: attoseconds, one rounding per task

    static func cost(_ text: String) throws(ScenarioError) -> MapReduce.CostModel {
        try MapReduceScenarioLoader.parseCost(try ScenarioDocument.compose(text, file: "c.yaml"))
    }

    static func mapTime(_ cost: MapReduce.CostModel, bytes: Int, outputBytes: Int = 0) -> Duration {
        var statistics = MapReduce.MapStatistics()
        statistics.inputBytes = bytes
        statistics.outputBytes = outputBytes
        return cost.mapTime(statistics)
    }

    @Test func aPerByteCostKeepsItsFraction() throws {
        let cost = try Self.cost("{map_per_record: 0ns, map_per_emitted_record: 0ns, map_per_byte: 0.4ns, spill_per_byte: 1.4ns}")
        #expect(cost.mapPerByte == Duration(attoseconds: 400_000_000))
        #expect(cost.spillPerByte == Duration(attoseconds: 1_400_000_000))
        // 0.4 ns a byte over 1,000,000 bytes is exactly 0.4 ms (it was free: 0.4ns read as 0).
        #expect(Self.mapTime(cost, bytes: 1_000_000) == .microseconds(400))
        // 1.4 ns a spilled byte over 1,000 bytes: 1.4 µs (it was 1 µs).
        #expect(Self.mapTime(cost, bytes: 0, outputBytes: 1_000) == .nanoseconds(1_400))
        // Only the total is rounded, to the nearest nanosecond, a half up.
        #expect(Self.mapTime(cost, bytes: 1) == .zero)
        #expect(Self.mapTime(cost, bytes: 2) == .nanoseconds(1))
        #expect(Self.mapTime(cost, bytes: 3, outputBytes: 1) == .nanoseconds(3))
        let half = try Self.cost("{map_per_record: 0ns, map_per_emitted_record: 0ns, spill_per_byte: 0ns, map_per_byte: 1.5ns}")
        #expect(Self.mapTime(half, bytes: 1) == .nanoseconds(2))
        #expect(Self.mapTime(half, bytes: 3) == .nanoseconds(5))
        #expect(Self.mapTime(half, bytes: 1_000_000) == .microseconds(1_500))
    }

    @Test func aPerByteCostFinerThanAnAttosecondIsRefused() throws {
        #expect(try Self.cost("{map_per_byte: 0.000000000000000001s}").mapPerByte == Duration(attoseconds: 1))
        do {
            _ = try Self.cost("{map_per_byte: 1e-19s}")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "c.yaml:1:16: error: '1e-19s' is finer than an attosecond (10⁻¹⁸ s), the finest duration a per-byte cost keeps (at map_per_byte)")
        }
    }

    @Test func otherCostsAreWholeNanoseconds() throws {
        do {
            _ = try Self.cost("{map_per_record: 0.5ns}")
            Issue.record("accepted")
        } catch {
            #expect(error.message == "'0.5ns' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 0ns or 1ns")
        }
    }

    // MARK: Sizes: whole bytes

    @Test func aSizeIsAWholeNumberOfBytes() throws {
        func size(_ text: String) throws(ScenarioError) -> Int { try Self.cursor(text).byteCount() }
        #expect(try size("1.5KiB") == 1_536)
        #expect(try size("1.1MB") == 1_100_000)
        #expect(throws: ScenarioError.self) { try size("0.5B") }
        for (text, message) in [
            ("0.4B", "'0.4B' is not a whole number of bytes: write 0B or 1B"),
            ("1.0001KiB", "'1.0001KiB' is not a whole number of bytes: write 1024B or 1025B"),
            ("2.5", "'2.5' is not a whole number of bytes: write 2B or 3B"),
            ("1.0000000001GiB", "a size is at most 1GiB, got 1.0000000001GiB"),
        ] {
            #expect(throws: ScenarioError.self) { try size(text) }
            do { _ = try size(text) } catch { #expect(error.message == message, "\(text)") }
        }
    }

    @Test func anObjectOfAFractionOfAByteIsRefused() {
        let world = "name: o\nobject_store: {buckets: [{name: bkt}]}\noperations:\n  - put: {bucket: bkt, key: k, size: 0.4B}\n"
        #expect(Self.error(world) == "h.yaml:4:38: error: '0.4B' is not a whole number of bytes: write 0B or 1B (at operations.[0].put.size)")
    }

    @Test func aFractionOfAByteWhereZeroIsRefusedOffersOneByteOnly() throws {
        // C1 (s74) F7: a size that may be 0 offers both whole sizes, as durations offer 0ns or
        // 1ns; one that must be positive offers 1B alone.
        do { _ = try Self.cursor("0.4B").positiveByteCount() } catch { #expect(error.message == "'0.4B' is not a whole number of bytes: write 1B") }
        #expect(throws: ScenarioError.self) { try Self.cursor("0.4B").positiveByteCount() }
    }

    // MARK: Messages that name the file and the codes

    @Test func aWorldsTooLargeBodyNamesAWorld() {
        let world = "name: o\nobject_store: {buckets: [{name: bkt}]}\noperations:\n  - put: {bucket: bkt, key: k, size: 257MiB}\n"
        #expect(Self.error(world) == "h.yaml:4:38: error: a generated body is at most 256 MiB in a world (at operations.[0].put.size)")
    }

    @Test func anOperationScenariosTooLargeBodyNamesIt() {
        do {
            _ = try ScenarioLoader.parseOperationScenario("operations: [{create_bucket: b}, {put: {bucket: b, key: k, size: 257MiB}}]\n", file: "o.yaml")
            Issue.record("accepted")
        } catch {
            #expect(error.message == "a generated body is at most 256 MiB in an operation scenario")
        }
    }

    @Test func aStormsHTTPStatusIsToldItsCodes() {
        let storm = Self.traffic + "object_store: {storms: [{at: 1s, for: 1s, rate: 0.5, code: 503}]}\n"
        #expect(Self.error(storm)
            == "h.yaml:5:60: error: a storm's code names an S3 error answered with 500 or 503, one of InternalError (500), SlowDown (503), ServiceUnavailable (503); got '503'; HTTP 503 is SlowDown or ServiceUnavailable (at object_store.storms.[0].code)")
    }

    // MARK: Distributions

    /// A distribution's parameters and an empirical list's values are real numbers of seconds (each
    /// draw is rounded to the clock's nanosecond), so measured latencies pasted with ten decimals
    /// load; a constant is a clock value and must be whole.
    @Test(arguments: [
        ("{empirical: [0.0012345678, 0.0023456789]}", Distribution.empirical([0.0012345678, 0.0023456789])),
        ("{exponential: 1.23456789ms}", .exponential(mean: 0.00123456789)),
        ("{normal: {mean: 0.0012345678, sd: 0.0001234567}}", .normal(mean: 0.0012345678, standardDeviation: 0.0001234567)),
        ("{lognormal: {median: 1.2345678ms, sigma: 0.5}}", .lognormal(median: 0.0012345678, sigma: 0.5)),
        ("{uniform: {min: 1.2345678ms, max: 2ms}}", .uniform(min: 0.0012345678, max: 0.002)),
    ])
    func aDistributionsParametersMayHoldFractionsOfANanosecond(text: String, expected: Distribution) throws {
        let scenario = try ScenarioLoader.parse("name: d\nrun: {requests: 10}\nservers: [{name: s, service_time: \(text)}]\nworkload: {type: closed_loop, users: 2}\n", file: "d.yaml")
        #expect(scenario.servers.first?.configuration.serviceTime == expected)
    }

    @Test func aConstantMustBeWhole() {
        #expect(Self.error("name: d\nrun: {requests: 10}\nservers: [{name: s, service_time: {constant: 1.5ns}}]\nworkload: {type: closed_loop, users: 2}\n")
            == "h.yaml:3:46: error: '1.5ns' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 1ns or 2ns (at servers.[0].service_time.constant)")
    }

    /// A number's trailing zeros are walked once: 200,000 of them after `1.` took ~20 s a 100,000
    /// in the first exact reader (a `Substring`'s `dropLast` counted the text at every step).
    @Test func aLongRunOfZerosIsReadInOnePass() throws {
        let zeros = String(repeating: "0", count: 200_000)
        #expect(ExactDecimal.scaled(Substring("1." + zeros), by: 1_000) == .whole(1_000))
        #expect(ExactDecimal.scaled(Substring("0." + zeros + "1"), by: 1_000) == .fraction(below: 0))
        #expect(ExactDecimal.scaled(Substring("1" + zeros + "e-200000"), by: 7) == .whole(7))
    }
}
