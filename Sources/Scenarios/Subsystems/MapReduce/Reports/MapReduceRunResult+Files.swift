import Reports
import Foundation
import Simulator

extension MapReduceRunResult {
    /// The version of the JSON report's schema; bumped on any incompatible change.
    public static let jsonSchema = "orrery.mapreduce-run/1"

    /// Every report file of the run under `<scenario name>/`: `report.md`, `report.json`,
    /// `attempts.csv` (the timeline), `summary.csv` (every expectation metric), `output.tsv`
    /// (the job's output, raw bytes) and `timeline.svg` (the Gantt chart).
    public func bundle() -> ReportBundle {
        let directory = scenario.name
        var bundle = ReportBundle()
        bundle.add("\(directory)/report.md", markdown())
        bundle.add("\(directory)/report.json", json())
        bundle.add("\(directory)/summary.csv", summaryCSV())
        if let report = run.report {
            bundle.add("\(directory)/attempts.csv", JobReportTables.attemptsCSV(report))
            bundle.add("\(directory)/timeline.svg", JobTimelineChart.chart(
                report, workers: run.workers, title: "Job timeline: \(scenario.job.name), seed \(seed)").svg())
            if let output = report.output { bundle.add("\(directory)/output.tsv", data: MapReduceRunResult.tsv(output)) }
        }
        return bundle
    }

    /// Every expectation metric and its value (empty when the run could not measure it).
    public func summaryCSV() -> String {
        var table = CSVTable(header: ["metric", "value"])
        for metric in MapReduceMetric.perJob {
            table.append([metric.rawValue, value(of: metric).map { NumberFormat.trimmed($0, maxDecimals: 6) } ?? ""])
        }
        return table.rendered()
    }

    /// The output as raw bytes, `key<TAB>value<LF>` per record sorted by key: exactly what the
    /// reduce tasks produced, invalid UTF-8 included.
    static func tsv(_ output: MapReduce.Output) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(output.byteCount + 2 * output.records.count)
        for record in output.records {
            bytes += record.key
            bytes.append(UInt8(ascii: "\t"))
            bytes += record.value
            bytes.append(UInt8(ascii: "\n"))
        }
        return Data(bytes)
    }

    private struct Document: Encodable {
        struct Job: Encodable {
            var name: String, reducers: Int, combining: Bool, status: String?, mapTasks: Int?, reduceTasks: Int?
            var makespanSeconds: Double?, mapPhaseSeconds: Double?, reducePhaseSeconds: Double?
        }
        struct Output: Encodable { var records: Int?, exact: Bool, oracleRecords: Int, differences: [String] }
        struct Recovery: Encodable {
            var task: String, attempt: Int, outcome: String, lastProgressSeconds: Double, detectedSeconds: Double
            var rescheduledSeconds: Double?, recoveredSeconds: Double?
        }
        struct Check: Encodable { var expectation: String, line: Int, measured: Double?, holds: Bool }
        var schema: String, scenario: String, seed: UInt64, replay: String, digest: String, passed: Bool, problems: [String]
        var virtualSeconds: Double, events: UInt64
        var input: String, inputRecords: Int, inputBytes: Int
        var job: Job
        var output: Output
        var metrics: [String: Double]
        var recoveries: [Recovery]
        var faults: [String]
        var checks: [Check]
    }

    /// The run as JSON (schema ``jsonSchema``), keys sorted so equal runs give equal bytes.
    public func json() -> String {
        let report = run.report
        var metrics: [String: Double] = [:]
        for metric in MapReduceMetric.perJob { metrics[metric.rawValue] = value(of: metric) }
        return JSONReport.encode(Document(
            schema: MapReduceRunResult.jsonSchema, scenario: scenario.name, seed: seed, replay: replayCommand, digest: run.digest,
            passed: passed, problems: problems, virtualSeconds: run.virtualSeconds, events: run.events,
            input: scenario.input.description, inputRecords: inputRecords, inputBytes: inputBytes,
            job: .init(name: scenario.job.name, reducers: scenario.job.reducers, combining: scenario.job.combining,
                       status: report?.status.description, mapTasks: report?.mapTasks, reduceTasks: report?.reduceTasks,
                       makespanSeconds: report?.makespan?.seconds, mapPhaseSeconds: report?.mapPhase?.duration.seconds,
                       reducePhaseSeconds: report?.reducePhase?.duration.seconds),
            output: .init(records: report?.output?.records.count, exact: outputExact, oracleRecords: comparison.expectedRecords,
                          differences: comparison.differences),
            metrics: metrics,
            recoveries: (report?.recoveries ?? []).map {
                .init(task: $0.task.description, attempt: $0.attempt, outcome: $0.outcome.description,
                      lastProgressSeconds: $0.lastProgressAt.seconds, detectedSeconds: $0.detectedAt.seconds,
                      rescheduledSeconds: $0.rescheduledAt?.seconds, recoveredSeconds: $0.recoveredAt?.seconds)
            },
            faults: run.faults.map { "\($0.at): \($0.fault)" },
            checks: checks.map { .init(expectation: $0.expectation.text, line: $0.expectation.line, measured: $0.measured, holds: $0.holds) }))
    }
}
