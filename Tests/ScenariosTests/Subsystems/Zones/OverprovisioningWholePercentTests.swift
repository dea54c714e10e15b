import Testing
@testable import Scenarios
@testable import Simulator

/// Envoy keeps the overprovisioning factor as an integer percent: a factor between two whole
/// percents was rounded without a word (`1.234` ran as 1.23, and report.json said 1.23); now it
/// is refused at its position, naming both neighbours, as a duration between two nanoseconds is.
struct OverprovisioningWholePercentTests {
    static func factor(_ written: String) -> String {
        zonesScenario.replacingOccurrences(of: "overprovisioning_factor: 1.4", with: "overprovisioning_factor: \(written)")
    }

    static let refused: [(written: String, error: String)] = [
        ("1.234", "z.yaml:19:39: error: '1.234' is not a whole percent, and Envoy keeps the overprovisioning factor as one (140 for 1.4): write 1.23 or 1.24 (at balancer.locality.overprovisioning_factor)"),
        ("1.001", "z.yaml:19:39: error: '1.001' is not a whole percent, and Envoy keeps the overprovisioning factor as one (140 for 1.4): write 1 or 1.01 (at balancer.locality.overprovisioning_factor)"),
        ("9.999", "z.yaml:19:39: error: '9.999' is not a whole percent, and Envoy keeps the overprovisioning factor as one (140 for 1.4): write 9.99 or 10 (at balancer.locality.overprovisioning_factor)"),
        ("1.4000000000000000001", "z.yaml:19:39: error: '1.4000000000000000001' is not a whole percent, and Envoy keeps the overprovisioning factor as one (140 for 1.4): write 1.4 or 1.41 (at balancer.locality.overprovisioning_factor)"),
    ]

    @Test(arguments: refused.indices)
    func aFactorBetweenTwoWholePercentsIsRefused(index: Int) {
        let bad = Self.refused[index]
        #expect(loadError(Self.factor(bad.written), file: "z.yaml")?.description == bad.error)
    }

    /// Whole percents load as written, read on their digits: `1.15` is 115 (1.15 × 100 is
    /// 114.99… as a `Double`), `1.40` and `14e-1` are 140.
    @Test func aWholePercentLoadsAsWritten() throws {
        for (written, percent) in [("1.15", 115), ("1.40", 140), ("14e-1", 140), ("1", 100), ("10", 1000), ("2.57", 257), ("1.29", 129)] {
            let scenario = try ScenarioLoader.parse(Self.factor(written), file: "z.yaml")
            #expect(scenario.balancer?.configuration.locality == Locality(overprovisioningPercent: percent), "\(written)")
        }
    }
}
