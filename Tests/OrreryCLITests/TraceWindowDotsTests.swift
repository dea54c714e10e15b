import Foundation
import Testing

/// `--trace-window 0s...1s` split as `0s` and `.1s` and traced 0 … 0.1 s without a word (s77's
/// F7): three dots in a row are refused, naming the option.
struct TraceWindowDotsTests {
    @Test func threeDotsAreRefusedAsAmbiguous() throws {
        let outcome = try OrreryProcess.run(["run", "--trace-window", "0s...1s", "--trace-format", "perfetto", "--trace", "/tmp/orrery-unwritten.json", "scenarios/closed-loop.yaml"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: --trace-window takes FROM..TO with two dots between them, e.g. 10s..20s; '0s...1s' has three in a row, which could split two ways\n"), "\(outcome.standardError)")
    }
}
