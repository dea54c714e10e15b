import Foundation
import Reports

/// `orrery experiment zones` (`scenarios/zones.yaml`): seed 004's least_conn with passive health
/// in three unequal zones, zone-blind against locality-aware (Envoy's priority levels), without
/// and with a whole-zone outage — see ``ZoneComparison``.
public struct ZonesExperiment: Experiment {
    public static let name = "zones"
    public static let summary = "zone-blind against locality-aware least_conn in three zones, without and with a whole-zone outage (seed 004)"
    public static let files = ["zones.yaml"]

    /// The zones, servers, clients, balancer and outage as written, as loaded.
    public var base: Scenario

    public static func load(from directory: String) throws(ScenarioError) -> ZonesExperiment {
        ZonesExperiment(base: try ZoneComparison.loadBase(path: (directory as NSString).appendingPathComponent(files[0])))
    }

    public func run(jobs: Int) -> ReportBundle {
        ZoneComparison.run(base, jobs: jobs).bundle()
    }
}
