import Reports
import Foundation

extension TrafficResult {
    /// The version of the JSON report's schema; bumped on any incompatible change.
    public static let jsonSchema = "orrery.run/1"

    fileprivate struct Document: Encodable {
        /// `seconds` is left out when no request succeeded (nothing was measured).
        struct Latency: Encodable { var label: String; var seconds: Double? }
        struct Status: Encodable { var status: Int; var count: Int }
        struct Check: Encodable { var expectation: String; var line: Int; var measured: Double?; var holds: Bool; var checked: Bool }
        struct Claim: Encodable { var claim: String; var holds: Bool; var checked: Bool; var checks: [Check] }
        struct Server: Encodable {
            var id: String, served: Int, rejected: Int, lostInCrash: Int, peakQueue: Int, utilisation: Double
            var errors: Int
            /// Left out when the run's rates were not measured (``TrafficResult/ratesMeasured``).
            var throughput: Double?
            /// Requests held by a hang (answered 500 when it ended); left out when none were.
            var heldByHang: Int?
            /// Left out when clients got no successful answer from the server.
            var latency: Latency?
            struct Latency: Encodable { var p50: Double, p95: Double, p99: Double, p999: Double, mean: Double }
        }
        struct Balancer: Encodable {
            struct Upstream: Encodable {
                var hostname: String, weight: Int, backup: Bool, forwarded: Int, succeeded: Int, serverErrors: Int
                var connectErrors: Int, timeouts: Int, healthChecks: Int, failedHealthChecks: Int
                /// Left out unless the health check observes the traffic.
                var failedHealthAnalyses: Int?
                var peakConnections: Int
                /// Forwards still in flight at the end, and answered with neither 2xx nor 5xx.
                var inFlightAtEnd: Int, otherAnswers: Int
                /// Forwards the balancer's crash ended (their outcome heard by no one); left out
                /// where none was, as in every world whose balancer does not crash.
                var endedByCrash: Int?
            }
            struct Event: Encodable { var at: Double; var subject: String; var event: String }
            struct Failover: Encodable {
                /// `fault` is the break's faults joined by ` + `; `faults` lists them, left out
                /// unless later faults joined the first (so a one-fault row reads as before).
                var server: String, fault: String, faults: [String]?, at: Double
                var detectedAt: Double?, detectionSeconds: Double?, repairedAt: Double?, recoveredAt: Double?, recoverySeconds: Double?
            }
            var strategy: String
            var forwarded: Int, failedForwards: Int, retried: Int, unanswered: Int, gatewayTimeouts: Int, badGateways: Int
            var rateLimited: Int, circuitRejected: Int, queued: Int, queueFull: Int, queueTimeouts: Int
            var servers: [Upstream]
            var failovers: [Failover]
            var events: [Event]
            var connections: ConnectionFigures.Document?
        }
        var schema: String
        var scenario: String
        var seed: UInt64
        var replay: String
        var digest: String
        var passed: Bool
        var failure: String?
        var virtualSeconds: Double
        var events: UInt64
        var issued: Int, succeeded: Int, completed: Int, timeouts: Int, unreachable: Int, refused: Int
        var statusFailures: [Status]
        var latency: [Latency]
        /// Left out when no client request ended (0 over 0 s is no rate), or when they all ended
        /// within a microsecond (``TrafficResult/ratesMeasured``: 1 request over 3 ns is no rate).
        var throughput: Double?
        var servers: [Server]
        var completionsPerSecond: [Int]
        var faults: [String]
        var checks: [Check]
        var claims: [Claim]?
        var balancer: Balancer?
        var deployment: DeploymentFigures.Document?
        var zones: ZoneFigures.Document?
    }

    /// The run as JSON (schema ``jsonSchema``), keys sorted so equal runs give equal bytes.
    /// Latencies are the histogram's figures no longer than the run (``latencyWithinRun(_:)``),
    /// as report.md gives them; a rate over less than a microsecond is left out.
    public func json() -> String {
        JSONReport.encode(document)
    }

    private var document: Document {
        let rates = ratesMeasured
        return Document(
            schema: TrafficResult.jsonSchema, scenario: scenario, seed: seed, replay: replayCommand, digest: digest,
            passed: passed, failure: failure, virtualSeconds: virtualSeconds, events: events,
            issued: issued, succeeded: succeeded, completed: completed, timeouts: timeouts, unreachable: unreachable, refused: refused,
            statusFailures: statusFailures.map { .init(status: $0.status, count: $0.count) },
            latency: latency.map { .init(label: $0.label, seconds: latencyMeasured ? latencyWithinRun($0.seconds) : nil) },
            throughput: rates ? throughput : nil,
            servers: servers.map {
                .init(id: $0.id, served: $0.served, rejected: $0.rejected, lostInCrash: $0.lostInCrash, peakQueue: $0.peakQueue, utilisation: $0.utilisation,
                      errors: $0.errors, throughput: rates ? $0.throughput : nil, heldByHang: $0.heldByHang == 0 ? nil : $0.heldByHang,
                      latency: $0.latency.map {
                          .init(p50: latencyWithinRun($0.p50), p95: latencyWithinRun($0.p95), p99: latencyWithinRun($0.p99),
                                p999: latencyWithinRun($0.p999), mean: latencyWithinRun($0.mean))
                      })
            },
            completionsPerSecond: completionsPerSecond, faults: faults,
            checks: checks.map(Self.checkDocument),
            claims: claims.isEmpty ? nil : claims.map { .init(claim: $0.claim.text, holds: $0.holds, checked: $0.checked, checks: $0.checks.map(Self.checkDocument)) },
            balancer: balancer.map(TrafficResult.balancerDocument), deployment: deployment?.document(runSeconds: virtualSeconds),
            zones: zones?.document(runSeconds: virtualSeconds))
    }

    /// What a composed world's report.json holds of its servers and balancer under `traffic`:
    /// the per-server figures, the balancer's (its upstreams, failovers and events), a
    /// deployment's phases and the zones' figures, as a world of servers and a balancer alone
    /// gives them at its top level.
    struct Detail: Encodable {
        fileprivate var servers: [Document.Server]
        fileprivate var balancer: Document.Balancer?
        var deployment: DeploymentFigures.Document?
        var zones: ZoneFigures.Document?
    }

    /// ``Detail`` of this run.
    var detail: Detail {
        let document = self.document
        return Detail(servers: document.servers, balancer: document.balancer, deployment: document.deployment, zones: document.zones)
    }

    private static func checkDocument(_ check: ExpectationCheck) -> Document.Check {
        .init(expectation: check.expectation.text, line: check.expectation.line, measured: check.measured, holds: check.holds, checked: check.checked)
    }

    private static func balancerDocument(_ figures: BalancerFigures) -> Document.Balancer {
        Document.Balancer(
            strategy: figures.strategy, forwarded: figures.forwarded, failedForwards: figures.failedForwards, retried: figures.retried,
            unanswered: figures.unanswered, gatewayTimeouts: figures.gatewayTimeouts, badGateways: figures.badGateways, rateLimited: figures.rateLimited, circuitRejected: figures.circuitRejected, queued: figures.queued,
            queueFull: figures.queueFull, queueTimeouts: figures.queueTimeouts,
            servers: figures.servers.map {
                .init(hostname: $0.hostname, weight: $0.weight, backup: $0.isBackup, forwarded: $0.forwarded, succeeded: $0.succeeded,
                      serverErrors: $0.serverErrors, connectErrors: $0.connectErrors, timeouts: $0.timeouts, healthChecks: $0.healthChecks,
                      failedHealthChecks: $0.failedHealthChecks, failedHealthAnalyses: $0.failedHealthAnalyses,
                      peakConnections: $0.peakConnections, inFlightAtEnd: $0.inFlightAtEnd, otherAnswers: $0.otherAnswers,
                      endedByCrash: $0.endedByCrash == 0 ? nil : $0.endedByCrash)
            },
            failovers: figures.failovers.map {
                .init(server: $0.server, fault: $0.fault, faults: $0.faults.count > 1 ? $0.faults : nil, at: $0.at, detectedAt: $0.detectedAt, detectionSeconds: $0.detectionTime,
                      repairedAt: $0.repairedAt, recoveredAt: $0.recoveredAt, recoverySeconds: $0.recoveryTime)
            },
            events: figures.events.map { .init(at: $0.at, subject: $0.subject, event: $0.description) }, connections: figures.connections?.document)
    }
}
