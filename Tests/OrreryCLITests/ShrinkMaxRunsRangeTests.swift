import Foundation
import Testing

/// `shrink --max-runs 9223372036854775808` was refused as "outside -9223372036854775808 …
/// 9223372036854775807", Int's range, where `--jobs` names its own (s77's F1).
struct ShrinkMaxRunsRangeTests {
    @Test func digitsTooManyAreRefusedWithTheOptionsRange() throws {
        let outcome = try OrreryProcess.run(["shrink", "--max-runs", "9223372036854775808", "scenarios/closed-loop.yaml"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix(
            "error: The value '9223372036854775808' is invalid for '--max-runs <max-runs>': must be 2 … 1,000,000\n"), "\(outcome.standardError)")
    }
}
