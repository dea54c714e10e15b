import Foundation

extension RunResult {
    /// The version of the JSON report's schema; bumped on any incompatible change.
    public static let jsonSchema = "orrery.run/1"

    private struct Document: Encodable {
        struct Latency: Encodable { var label: String; var seconds: Double }
        struct Status: Encodable { var status: Int; var count: Int }
        struct Check: Encodable { var expectation: String; var line: Int; var measured: Double; var holds: Bool }
        struct Server: Encodable {
            var id: String, served: Int, rejected: Int, lostInCrash: Int, peakQueue: Int, utilisation: Double
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
        var throughput: Double
        var servers: [Server]
        var completionsPerSecond: [Int]
        var faults: [String]
        var checks: [Check]
    }

    /// The run as JSON (schema ``jsonSchema``), keys sorted so equal runs give equal bytes.
    public func json() -> String {
        let document = Document(
            schema: RunResult.jsonSchema, scenario: scenario, seed: seed, replay: replayCommand, digest: digest,
            passed: passed, failure: failure, virtualSeconds: virtualSeconds, events: events,
            issued: issued, succeeded: succeeded, completed: completed, timeouts: timeouts, unreachable: unreachable, refused: refused,
            statusFailures: statusFailures.map { .init(status: $0.status, count: $0.count) },
            latency: latency.map { .init(label: $0.label, seconds: $0.seconds) },
            throughput: throughput,
            servers: servers.map { .init(id: $0.id, served: $0.served, rejected: $0.rejected, lostInCrash: $0.lostInCrash, peakQueue: $0.peakQueue, utilisation: $0.utilisation) },
            completionsPerSecond: completionsPerSecond, faults: faults,
            checks: checks.map { .init(expectation: $0.expectation.text, line: $0.expectation.line, measured: $0.measured, holds: $0.holds) })
        return JSONReport.encode(document)
    }
}

/// Deterministic JSON: sorted keys, pretty-printed, no escaped slashes, trailing newline.
enum JSONReport {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            preconditionFailure("report documents contain only finite numbers and strings")
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
