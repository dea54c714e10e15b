import Foundation
import Testing
import Scenarios

/// A bare number of seconds with a leading zero written with a sign or `_` (`+017`, `0_17`) as a
/// command-line duration was refused in the scenario language's words ("YAML 1.1 readers
/// (PyYAML, for one) read it as octal 15, YAML 1.2 readers as 17"), which speak of YAML readers
/// a command line has none of; it is refused in the command line's, naming the option, showing
/// the value and saying what it takes.
struct DurationOptionWrittenLeadingZeroTests {
    @Test(arguments: [
        ("+017", "error: --metrics-interval: '+017' is a number of seconds written with a leading zero, which marks an octal number in shell arithmetic and C; --metrics-interval takes a duration with its unit (250ms, 10s, 2h) or seconds in the digits 0-9 alone: type 17s or 17\n"),
        ("0_17", "error: --metrics-interval: '0_17' is a number of seconds written with a leading zero, which marks an octal number in shell arithmetic and C; --metrics-interval takes a duration with its unit (250ms, 10s, 2h) or seconds in the digits 0-9 alone: type 17s or 17\n"),
        ("+0_8", "error: --metrics-interval: '+0_8' is a number of seconds written with a leading zero, which marks an octal number in shell arithmetic and C; --metrics-interval takes a duration with its unit (250ms, 10s, 2h) or seconds in the digits 0-9 alone: type 8s or 8\n"),
    ])
    func aMetricsIntervalIsRefusedInTheCommandLinesWords(value: String, message: String) throws {
        let refused = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--metrics", "/dev/null", "--metrics-interval", value])
        #expect(refused.status == 2)
        #expect(refused.standardError.hasPrefix(message), "\(refused.standardError)")
        #expect(!refused.standardError.contains("YAML"))
    }

    @Test func aTraceWindowsStartIsRefusedInTheCommandLinesWords() throws {
        let refused = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--trace", "/tmp/t.json", "--trace-format", "perfetto", "--trace-window", "+010..20s"])
        #expect(refused.status == 2)
        #expect(refused.standardError.hasPrefix(
            "error: --trace-window: '+010' is a number of seconds written with a leading zero, which marks an octal number in shell arithmetic and C; --trace-window takes a duration with its unit (250ms, 10s, 2h) or seconds in the digits 0-9 alone: type 10s or 10\n"),
            "\(refused.standardError)")
    }

    /// With a unit, `017s` is no number to misread, and a leading zero before a point is none.
    @Test func aDurationWithItsUnitIsTaken() throws {
        #expect(throws: Never.self) { try Self.parse("+017s") }
        #expect(throws: Never.self) { try Self.parse("0.5") }
    }

    static func parse(_ text: String) throws {
        _ = try ObservationOptions.duration(parsing: text, option: "--metrics-interval")
    }

    /// The refusal of an interval too short for the world is in the unit it was typed in.
    @Test func anIntervalTooShortIsAnsweredInItsOwnUnit() throws {
        let refused = try OrreryProcess.run(["run", "scenarios/seed-000-platform.yaml", "--metrics", "/dev/null", "--metrics-interval", "8652ms"])
        #expect(refused.status == 2)
        #expect(refused.standardError.hasPrefix("error: --metrics-interval 8652ms samples seed-000-platform's up to 197 series up to 25,383 times each over 219,600 s of virtual time"), "\(refused.standardError)")
        #expect(refused.standardError.contains("; use an interval of at least 8653ms\n"), "\(refused.standardError)")
    }
}
