import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// `outlier_detection.interval`: Envoy's interval, each of which a server spends back lowers its
/// ejection multiplier by one.
struct OutlierIntervalSectionTests {
    @Test func theIntervalIsReadAndDefaultsToEnvoys() throws {
        let given = balancedScenario.replacingOccurrences(of: "max_ejection_percent: 50%}", with: "max_ejection_percent: 50%, interval: 2s}")
        let read = try #require(try ScenarioLoader.parse(given, file: "b.yaml").balancer?.configuration.outlierDetection)
        #expect(read == OutlierDetection(consecutiveErrors: 4, baseEjectionTime: .seconds(20), maxEjectionPercent: 50, interval: .seconds(2)))
        let defaulted = try #require(try ScenarioLoader.parse(balancedScenario, file: "b.yaml").balancer?.configuration.outlierDetection)
        #expect(defaulted.interval == .seconds(10))
    }

    @Test func anIntervalShorterThanAMillisecondIsRefused() {
        let text = balancedScenario.replacingOccurrences(of: "max_ejection_percent: 50%}", with: "max_ejection_percent: 50%, interval: 0s}")
        let description = loadError(text, file: "b.yaml")?.description ?? ""
        #expect(description.contains("(at balancer.outlier_detection.interval)"))
    }
}
