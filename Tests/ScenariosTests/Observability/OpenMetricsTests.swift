import Foundation
import Simulator
import Testing
@testable import Scenarios

/// The OpenMetrics text of a world of every subsystem: families whole and in order, counters that
/// never fall, timestamps that rise, and final values equal to the run's own figures.
struct OpenMetricsTests {
    struct Sample {
        var name: String
        var labels: String
        var value: Double
        var timestamp: String
    }

    static func samples(_ text: String) -> [Sample] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            // Label values may hold spaces: the value and timestamp are the last two fields.
            let fields = line.split(separator: " ")
            let series = fields.dropLast(2).joined(separator: " ")
            let brace = series.firstIndex(of: "{")
            return Sample(name: String(brace.map { series[..<$0] } ?? series[...]), labels: brace.map { String(series[$0...]) } ?? "",
                          value: Double(fields[fields.count - 2])!, timestamp: String(fields[fields.count - 1]))
        }
    }

    static func render() throws -> (String, RunResult) {
        let run = try ObservabilityFixture.run(ObservationOptions(metrics: true))
        let end = VirtualInstant(nanoseconds: Int64((run.result.virtualSeconds * 1e9).rounded()))
        return (OpenMetricsText.render(run.observer.metrics!, end: end, interval: .seconds(1)), run.result)
    }

    @Test func familiesAreWholeAndTheFileEnds() throws {
        let (text, _) = try Self.render()
        #expect(text.hasSuffix("# EOF\n"))
        let families = text.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
        #expect(families == families.sorted())
        #expect(Set(families).count == families.count)
        // Every sample belongs to the family declared last.
        var current = ""
        for line in text.split(separator: "\n") where line != "# EOF" {
            if line.hasPrefix("# TYPE ") { current = String(line.split(separator: " ")[2]) } else if !line.hasPrefix("#") {
                #expect(line.hasPrefix(current), "\(line) outside its family \(current)")
            }
        }
    }

    @Test func countersNeverFallAndTimestampsRise() throws {
        let (text, _) = try Self.render()
        let series = Dictionary(grouping: Self.samples(text).filter { $0.name.hasSuffix("_total") }) { $0.name + $0.labels }
        #expect(series.count > 20)
        for (key, points) in series {
            #expect(zip(points, points.dropFirst()).allSatisfy { $0.value <= $1.value && Double($0.timestamp)! < Double($1.timestamp)! }, "\(key)")
            #expect(points.first?.timestamp == "1767225600.000")
        }
    }

    @Test func theLastSamplesAreTheRunsOwnFigures() throws {
        let (text, result) = try Self.render()
        let traffic = try #require(result.traffic)
        let last: [String: Double] = Dictionary(Self.samples(text).map { (sample: Sample) -> (String, Double) in (sample.name + sample.labels, sample.value) },
                                                uniquingKeysWith: { (_: Double, later: Double) -> Double in later })
        let total = { (prefix: String) -> Double in last.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +) }
        let count = { (key: String) -> Int? in last[key].map { (value: Double) -> Int in Int(value) } }
        #expect(Int(total("orrery_client_requests_total")) == traffic.issued)
        #expect(count("orrery_client_requests_total{outcome=\"200\"}") == traffic.succeeded)
        #expect(count("orrery_client_request_duration_seconds_count") == traffic.issued)
        let servedAndFailed: Int = traffic.servers.reduce(0) { (sum: Int, server: TrafficResult.ServerFigures) -> Int in sum + server.served + server.errors }
        #expect(Int(total("orrery_server_requests_total")) == servedAndFailed)
        #expect(last["orrery_mapreduce_jobs_total{job=\"count\",outcome=\"succeeded\"}"] == 1)
        #expect(last["orrery_mapreduce_shuffle_fetches_total{worker=\"worker-1\",outcome=\"ok\"}"].map { (value: Double) -> Bool in value > 0 } == true)
        #expect(last["orrery_faults_total{fault=\"crash\",node=\"worker-2\"}"] == 1)
        let partitionZero: Int = try #require(count("orrery_log_end_offset{log=\"log\",topic=\"events\",partition=\"0\"}"))
        let partitionOne: Int = try #require(count("orrery_log_end_offset{log=\"log\",topic=\"events\",partition=\"1\"}"))
        #expect(partitionZero + partitionOne == 400)
        #expect(last["orrery_backups_total{host=\"coordinator\",outcome=\"ok\"}"] == 1)
        #expect(last["orrery_backup_restores_total{host=\"coordinator\",outcome=\"ok\"}"] == 1)
    }

    @Test func theIntervalGivesAtMostAThousandSamples() {
        #expect(OpenMetricsText.interval(for: .seconds(20)) == .seconds(1))
        #expect(OpenMetricsText.interval(for: .seconds(1_001)) == .seconds(2))
        #expect(OpenMetricsText.interval(for: .seconds(30 * 3_600)) == .seconds(120))
        #expect(OpenMetricsText.interval(for: .seconds(100 * 86_400)) == .seconds(21_600))
    }

    /// OpenMetrics gives a point's value as of its timestamp: each client-request sample counts
    /// exactly the requests that had ended by the millisecond it is stamped with.
    @Test func everySampleCountsWhatHadHappenedByItsTimestamp() throws {
        let run = try ObservabilityFixture.run(ObservationOptions(metrics: true))
        let end = VirtualInstant(nanoseconds: Int64((run.result.virtualSeconds * 1e9).rounded()))
        let text = OpenMetricsText.render(run.observer.metrics!, end: end, interval: .seconds(1))
        let ended = run.observer.metrics!.latencies.map(\.time)
        let counts = Self.samples(text).filter { $0.name == "orrery_client_request_duration_seconds_count" }
        #expect(counts.count > 2)
        for sample in counts {
            let parts = sample.timestamp.split(separator: ".")
            let nanoseconds = (Int64(parts[0])! - OpenMetricsText.epochUnixSeconds) * 1_000_000_000 + Int64(parts[1])! * 1_000_000
            #expect(Int(sample.value) == ended.filter { $0 <= nanoseconds }.count, "\(sample.timestamp)")
        }
    }

    /// The audit's case: closed-loop.yaml's last request ended at 17.058682669 s and its last
    /// sample was stamped 17.058, before it. The run's end is rounded up, never down, and a last
    /// stride instant in the same millisecond as the end no longer swallows the end's sample.
    @Test func theLastSampleIsStampedAtOrAfterTheRunsEnd() {
        let recorder = MetricsRecorder()
        for nanoseconds: Int64 in [16_999_999_999, 17_000_000_300, 17_058_682_669] {
            let time = VirtualInstant(nanoseconds: nanoseconds)
            recorder.record(Observation(time: time, shape: .span(start: VirtualInstant(nanoseconds: nanoseconds - 1_000_000)),
                                        subsystem: .traffic, node: "client", name: "request", outcome: "200"))
        }
        let text = OpenMetricsText.render(recorder, end: VirtualInstant(nanoseconds: 17_058_682_669), interval: .seconds(1))
        let requests = Self.samples(text).filter { $0.name == "orrery_client_requests_total" }
        #expect(requests.suffix(2).map { "\(Int($0.value)) \($0.timestamp)" } == ["1 1767225617.000", "3 1767225617.059"])
        #expect(OpenMetricsText.instants(end: VirtualInstant(nanoseconds: 2_000_300_000), interval: .seconds(1)) == [0, 1_000_000_000, 2_000_000_000, 2_001_000_000])
        #expect(OpenMetricsText.instants(end: VirtualInstant(nanoseconds: 2_000_000_000), interval: .seconds(1)) == [0, 1_000_000_000, 2_000_000_000])
        #expect(OpenMetricsText.instants(end: VirtualInstant(nanoseconds: 4_000_000), interval: .microseconds(1_500)) == [0, 2_000_000, 3_000_000, 4_000_000])
        #expect(OpenMetricsText.millisecondCeiling(1) == 1_000_000 && OpenMetricsText.millisecondCeiling(1_000_000) == 1_000_000)
    }

    @Test func labelsAndTimestampsAreEscapedAndExact() {
        #expect(OpenMetricsText.escapeLabel("a\"b\\c\nd") == "a\\\"b\\\\c\\nd")
        #expect(OpenMetricsText.millisecondText(1_250_000_000) == "1767225601.250")
        #expect(OpenMetricsText.millisecondText(0) == "1767225600.000")
    }
}
