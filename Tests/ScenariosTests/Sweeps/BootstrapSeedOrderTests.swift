import Testing
@testable import Scenarios

/// A summary depends on the samples, not on the order `--seeds` lists them: the bootstrap
/// resampled by position with a fixed seed, so `--seeds 13..24,1..12` gave another interval than
/// `1..24` over the very same worlds, and the spread differed in its last bits.
struct BootstrapSeedOrderTests {
    static let samples: [Double] = [0.0412, 0.0398, 0.0871, 0.0405, 0.0433, 0.1204, 0.0391, 0.0417, 0.0402, 0.0655, 0.0389, 0.0421]

    @Test func twoOrdersGiveTheSameInterval() throws {
        let first = SampleSummary(Self.samples, bootstrap: true)
        let rotated = SampleSummary(Array(Self.samples[6...] + Self.samples[..<6]), bootstrap: true)
        let reversed = SampleSummary(Self.samples.reversed(), bootstrap: true)
        let interval = try #require(first.interval)
        #expect(rotated.interval == interval)
        #expect(reversed.interval == interval)
        #expect(SampleSummary(Self.samples.sorted(), bootstrap: true).interval == interval)
        #expect(interval == SampleSummary.bootstrapInterval(Self.samples.sorted()))
        #expect(first.method == .bootstrap && rotated.method == .bootstrap)
        // The mean and spread too, to the last bit.
        for other in [rotated, reversed, SampleSummary(Self.samples.reversed())] {
            #expect(other.mean == first.mean && other.standardDeviation == first.standardDeviation)
        }
    }
}
