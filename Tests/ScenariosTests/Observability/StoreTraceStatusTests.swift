import Testing
@testable import Scenarios

/// The digest-folded trace (`--trace`, JSON lines) records a store success under the status the
/// client saw — 204 for a DELETE or an abort, 206 for a range GET — as
/// `orrery_store_requests_total{code}`, the Perfetto spans and results.jsonl do. It recorded 200
/// for every success, so an outside oracle comparing `--trace` with `--metrics` found them
/// disagreeing. The digest of a world with such a request moved: m1's fcb1669633879e22 → 2ffe2adac231a7ce.
struct StoreTraceStatusTests {
    struct Run {
        var observed: ObservabilityFixture.Run
        var trace: JSONLinesTrace
    }

    /// The checker's `m1.yaml` (a put, a range get, a delete, a multipart upload created and
    /// aborted), with the JSON-lines trace, the Perfetto timeline and the metrics.
    static func run() throws -> Run {
        let scenario = try ScenarioLoader.parse(StoreStatusCodeMetricTests.yaml, file: "m1.yaml")
        let observer = RunObserver(ObservationOptions(trace: .perfetto, metrics: true))
        let trace = JSONLinesTrace(eventLimit: .max)
        let result = ScenarioRunner.run(scenario, traceSink: { trace.append($0) }, observer: observer)
        return Run(observed: ObservabilityFixture.Run(result: result, observer: observer), trace: trace)
    }

    /// The trace's store lines: the requests the store served, in order.
    static func storeLines(_ run: Run) -> [String] {
        run.trace.text.split(separator: "\n").map(String.init).filter { $0.contains(#""subject":"s3""#) && !$0.contains(#""kind":"respond""#) }
    }

    @Test func theTraceRecordsEachSuccessUnderItsOwnStatus() throws {
        let run = try Self.run()
        #expect(Self.storeLines(run) == [
            #"{"t":12921351,"kind":"put","subject":"s3","object":"mbk/","value":200}"#,
            #"{"t":26395839,"kind":"put","subject":"s3","object":"mbk/a","value":200}"#,
            #"{"t":59411133,"kind":"get","subject":"s3","object":"mbk/a","value":206}"#,
            #"{"t":94423401,"kind":"put","subject":"s3","object":"mbk/a","value":204}"#,
            #"{"t":111567595,"kind":"put","subject":"s3","object":"mbk/m","value":200}"#,
            #"{"t":127842604,"kind":"put","subject":"s3","object":"mbk/m","value":204}"#,
        ])
        #expect(run.observed.result.digest == "2ffe2adac231a7ce")
    }

    /// The trace, the metric and the Perfetto spans agree request for request.
    @Test func theTraceAgreesWithTheMetricAndThePerfettoSpans() throws {
        let run = try Self.run()
        let traced = Self.storeLines(run).map { line in
            (kind: line.contains(#""kind":"get""#) ? "read" : "write", code: String(line.split(separator: ":").last!.dropLast()))
        }
        #expect(traced.map(\.code) == ["200", "200", "206", "204", "200", "204"])
        var counted: [String: Double] = [:]
        for request in traced { counted["orrery_store_requests_total{store=\"s3\",kind=\"\(request.kind)\",code=\"\(request.code)\"}", default: 0] += 1 }
        let metric = MapReduceObservabilityTests.lastSamples(run.observed).filter { $0.key.hasPrefix("orrery_store_requests_total{") }
        #expect(metric == counted)
        #expect(metric == [
            "orrery_store_requests_total{store=\"s3\",kind=\"read\",code=\"206\"}": 1,
            "orrery_store_requests_total{store=\"s3\",kind=\"write\",code=\"200\"}": 3,
            "orrery_store_requests_total{store=\"s3\",kind=\"write\",code=\"204\"}": 2,
        ])
        let spans = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run.observed))
            .filter { $0["ph"] as? String == "X" && ["read", "write"].contains($0["cat"] as? String) }
        #expect(spans.map { ($0["args"] as? [String: Any])?["value"] as? Int ?? 0 }.map(String.init) == traced.map(\.code))
    }
}
