import Foundation
import Testing
import Reports
@testable import Scenarios

/// A world with a balancer among other sections writes the balancer's charts and tables as a run
/// of the balancer alone does — one implementation (``TrafficResult/addCharts(to:in:)``,
/// ``TrafficResult/addTables(to:in:timeline:)``) — and its report embeds the charts. The world's
/// own `timeline.csv` (every subsystem on one clock) keeps its name; the balancer's per-second
/// table beside it is `balancer-timeline.csv`.
struct ComposedWorldBalancerFilesTests {
    static func text(_ bundle: ReportBundle, _ path: String) throws -> String {
        String(decoding: try #require(bundle.files.first { $0.path == path }).contents, as: UTF8.self)
    }

    @Test func aComposedWorldWritesTheBalancersFiles() throws {
        let result = try WorldCompositionTests.run(WorldCompositionTests.balancedCluster)
        let traffic = try #require(result.traffic)
        let bundle = result.bundle(formats: ReportFormat.allCases)
        let name = result.scenario
        // The files it wrote before, in their order, then the balancer's.
        let files: [String] = [
            "report.md", "timeline.svg", "count/timeline.svg", "report.json",
            "metrics.csv", "timeline.csv", "servers.csv", "count/attempts.csv", "count/output.tsv",
            "throughput.svg", "connections.svg",
            "summary.csv", "balancer-timeline.csv", "events.csv",
        ]
        #expect(bundle.files.map(\.path) == files.map { (file: String) -> String in "\(name)/\(file)" })
        // Seed 3's traffic (956 requests, all answered: WorldCompositionTests) in the balancer's summary.
        let summary = try Self.text(bundle, "\(name)/summary.csv").split(separator: "\n").map(String.init)
        #expect(Array(summary.prefix(5)) == ["metric,value", "seed,3", "digest,\(result.digest)", "issued,956", "succeeded,956"])
        // Three servers, a row each per virtual second.
        let perSecond = try Self.text(bundle, "\(name)/balancer-timeline.csv").split(separator: "\n").map(String.init)
        #expect(perSecond.first == "second,server,completed,peak_connections")
        let firstRows: [String] = perSecond.dropFirst().prefix(3).map { (row: String) -> String in row.split(separator: ",").prefix(2).joined(separator: ",") }
        #expect(firstRows == ["0,coordinator", "0,worker-1", "0,worker-2"])
        #expect(try Self.text(bundle, "\(name)/events.csv").hasPrefix("seconds,subject,event\n"))
        // The world's timeline is still every subsystem's events.
        #expect(try Self.text(bundle, "\(name)/timeline.csv").hasPrefix("node,subsystem,kind,start_s,end_s,label\n"))
        // The same renderings as the balancer's own report would write.
        #expect(try Self.text(bundle, "\(name)/throughput.svg") == traffic.throughputChart().svg())
        #expect(try Self.text(bundle, "\(name)/events.csv") == traffic.eventsCSV())
        // report.md embeds the charts it now has beside it.
        let markdown = try Self.text(bundle, "\(name)/report.md")
        #expect(markdown.contains("\n![requests answered per second by each server](throughput.svg)\n\n![active connections per server](connections.svg)\n"))
    }

    /// Markdown alone: the charts, no tables; CSV alone: the tables, no charts.
    @Test func theFilesFollowTheFormatsAskedFor() throws {
        let result = try WorldCompositionTests.run(WorldCompositionTests.balancedCluster)
        let name = result.scenario
        #expect(result.bundle(formats: [.md]).files.map(\.path) == [
            "\(name)/report.md", "\(name)/timeline.svg", "\(name)/count/timeline.svg", "\(name)/throughput.svg", "\(name)/connections.svg",
        ])
        #expect(result.bundle(formats: [.json]).files.map(\.path) == ["\(name)/report.json"])
    }

    /// A run of servers and clients alone writes the same files as before, in the same order.
    @Test func aBalancerOnlyRunsFilesAreUnchanged() throws {
        let result = try FaultLengthListingTests.run(FaultLengthListingTests.traffic)
        let name = result.scenario
        #expect(result.bundle(formats: ReportFormat.allCases).files.map(\.path) == [
            "\(name)/report.md", "\(name)/throughput.svg", "\(name)/connections.svg", "\(name)/report.json",
            "\(name)/servers.csv", "\(name)/summary.csv", "\(name)/timeline.csv", "\(name)/events.csv",
        ])
    }
}
