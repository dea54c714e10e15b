import Reports
import Simulator

extension KeepaliveComparison {
    /// `results/keepalive/`: the report, the figures as JSON, the variants as CSV, and the charts.
    public func bundle() -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("keepalive/report.md", markdown())
        bundle.add("keepalive/report.json", json())
        bundle.add("keepalive/variants.csv", variantsCSV())
        bundle.add("keepalive/setups.svg", setupsChart().svg())
        bundle.add("keepalive/latency.svg", latencyChart().svg())
        bundle.add("keepalive/users.svg", usersChart().svg())
        return bundle
    }

    private struct Document: Encodable {
        struct Variant: Encodable {
            var name: String; var group: String; var summary: String; var digest: String
            var completed: Int; var succeeded: Int
            var meanSeconds: Double?; var p50Seconds: Double?; var p99Seconds: Double?; var savedSeconds: Double?
            var connections: ConnectionFigures.Document?
        }
        var schema = "orrery.keepalive/1"
        var scenario: String
        var seed: UInt64
        var variants: [Variant]
    }

    func json() -> String {
        JSONReport.encode(Document(scenario: base.file, seed: base.seed, variants: variants.map { variant in
            Document.Variant(name: variant.name, group: variant.group.rawValue, summary: variant.summary, digest: variant.result.digest,
                             completed: variant.result.completed, succeeded: variant.result.succeeded,
                             meanSeconds: variant.measured(variant.mean), p50Seconds: variant.measured(variant.p50), p99Seconds: variant.measured(variant.p99), savedSeconds: saved(variant),
                             connections: variant.connections?.document)
        }))
    }

    /// Each variant's pool figures, its digest and the command that replays it alone (``RunReplay``).
    /// A figure of no data (setups per request of no forwards, the mean setup of none, latency of
    /// no successful request) is an empty cell, as `saved_s` without a reference is: it read 0.000000.
    func variantsCSV() -> String {
        func cell(_ value: Double?) -> String { value.map { NumberFormat.fixed($0, decimals: 6) } ?? "" }
        var header = ["variant", "group", "keepalive", "keepalive_requests", "keepalive_timeout_s", "tls", "completed", "succeeded", "forwards", "setups",
                      "failed_setups", "reuses", "setups_per_request", "mean_setup_s", "mean_s", "p50_s", "p99_s", "saved_s", "peak_open", "peak_idle"]
        header += ConnectionCloseReason.allCases.map { "closed_\($0.description)" }
        header += ["digest", "replay"]
        var table = CSVTable(header: header)
        for variant in variants {
            guard let connections = variant.connections else { continue }
            var row = [variant.name, variant.group.rawValue, String(connections.idleConnections), String(connections.requestsPerConnection),
                       NumberFormat.fixed(connections.idleTimeout, decimals: 3), String(connections.tls), String(variant.result.completed),
                       String(variant.result.succeeded), String(connections.forwards), String(connections.setups), String(connections.failedSetups),
                       String(connections.reuses), cell(variant.measuredSetupsPerRequest),
                       cell(connections.setups > connections.failedSetups ? connections.meanSetupSeconds : nil), cell(variant.measured(variant.mean)),
                       cell(variant.measured(variant.p50)), cell(variant.measured(variant.p99)),
                       saved(variant).map { NumberFormat.fixed($0, decimals: 6) } ?? "", String(connections.peakOpen), String(connections.peakIdle)]
            row += ConnectionCloseReason.allCases.map { String(connections.closes($0)) }
            row += [variant.result.digest, RunReplay.command(file: base.file, world: variant.scenario, seed: variant.result.seed) ?? ""]
            table.append(row)
        }
        return table.rendered()
    }
}
