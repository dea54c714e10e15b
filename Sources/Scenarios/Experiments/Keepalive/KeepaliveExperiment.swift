import Foundation
import Reports

/// `orrery experiment keepalive` (`scenarios/keepalive.yaml`): seed 003's cluster and traffic
/// with connection setups between the balancer and the servers, without a pool, with TLS, with
/// the file's pool and seed 004's keepalive settings and with smaller pools —
/// see ``KeepaliveComparison``.
public struct KeepaliveExperiment: Experiment {
    public static let name = "keepalive"
    /// Written before any file is read (`orrery experiment --list`, `--help`), so the file's pool
    /// is named as the file's, not by a size: it read "seed 003's keepalive 32" whatever
    /// `keepalive:` the file set. Seed 004's pool is the experiment's own, from its settings.
    public static let summary = "connection setups per request and the latency keepalive pools save: no pooling, TLS, the file's keepalive pool, seed 004's \(KeepaliveComparison.seed004Settings), keepalive \(KeepaliveComparison.smallPools.map(String.init).joined(separator: " and ")) (smaller pools), bursts"
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
