import Foundation
import Reports

/// `orrery experiment keepalive` (`scenarios/keepalive.yaml`): seed 003's cluster and traffic
/// with connection setups between the balancer and the servers, without a pool, with TLS, with
/// seed 003's and seed 004's keepalive settings and with pools smaller than the concurrency —
/// see ``KeepaliveComparison``.
public struct KeepaliveExperiment: Experiment {
    public static let name = "keepalive"
    public static let summary = "connection setups per request and the latency keepalive pools save: no pooling, TLS, seed 003's keepalive 32, seed 004's \(KeepaliveComparison.seed004Settings), pools smaller than the concurrency, bursts"
    public static let files = ["keepalive.yaml"]

    /// The cluster, its traffic and the file's pool, as loaded.
    public var base: Scenario

    public static func load(from directory: String) throws(ScenarioError) -> KeepaliveExperiment {
        KeepaliveExperiment(base: try KeepaliveComparison.loadBase(path: (directory as NSString).appendingPathComponent(files[0])))
    }

    public func run(jobs: Int) -> ReportBundle {
        KeepaliveComparison.run(base, jobs: jobs).bundle()
    }
}
