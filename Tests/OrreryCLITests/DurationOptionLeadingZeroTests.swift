import Foundation
import Testing

/// A duration typed on the command line as a bare number with a leading zero
/// (`--metrics-interval 017`, `--trace-window 010..20s`) is refused in the command line's words,
/// as `--seed 017` is (``PlainDecimal/leadingZeroProblem(_:)``), not the scenario language's,
/// which spoke of YAML 1.1 and 1.2 readers: "'017' has a leading zero: YAML 1.1 readers (PyYAML,
/// for one) read it as octal 15, YAML 1.2 readers as 17; write 15 or 17".
struct DurationOptionLeadingZeroTests {
    @Test func aMetricsIntervalWithALeadingZeroIsRefusedInTheCommandLinesWords() throws {
        let octal = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--metrics", "/dev/null", "--metrics-interval", "017"])
        #expect(octal.status == 2)
        #expect(octal.standardError.hasPrefix(
            "error: --metrics-interval: '017' has a leading zero, which marks an octal number in shell arithmetic and C ($((017)) is 15); type 17, or 15 if the octal number was meant\n"),
            "\(octal.standardError)")
        let notOctal = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--metrics", "/dev/null", "--metrics-interval", "08"])
        #expect(notOctal.status == 2)
        #expect(notOctal.standardError.hasPrefix(
            "error: --metrics-interval: '08' has a leading zero, which marks an octal number in shell arithmetic and C (which refuse it: 8 is no octal digit); type 8\n"),
            "\(notOctal.standardError)")
    }

    @Test func aTraceWindowsEndWithALeadingZeroIsRefusedInTheCommandLinesWords() throws {
        let window = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--trace", "/tmp/t.json", "--trace-format", "perfetto", "--trace-window", "010..20s"])
        #expect(window.status == 2)
        #expect(window.standardError.hasPrefix(
            "error: --trace-window: '010' has a leading zero, which marks an octal number in shell arithmetic and C ($((010)) is 8); type 10, or 8 if the octal number was meant\n"),
            "\(window.standardError)")
    }
}
