import Foundation
import Testing
import Simulator
@testable import Scenarios

/// Neither trace said when a store's storm or a `hang` with `for:` ended (an end would need a
/// timer, and a timer moves digests). The traces now write each end themselves, at exactly the
/// fault's start plus its length — `hangOver` and `stormOver` lines, `hang over` and `storm over`
/// instants — before the first event at or after it, or last when the run reached it; a crash
/// or a later hang of the node ends a hang without one. No digest moves.
struct TraceFaultEndTests {
    static let yaml = """
        name: fault-ends
        seed: 2
        run: {duration: 2s}
        servers: [{name: web, count: 2, service_time: 5ms}]
        workload: {type: open_loop, rate: 100, timeout: 500ms}
        object_store: {latency: 10ms, buckets: [{name: data}]}
        faults:
          - {at: 500ms, storm: s3, rate: 1.0, for: 200ms, code: SlowDown}
          - {at: 1s, hang: web1, for: 300ms}
          - {at: 1.2s, hang: web2, for: 1s}
          - {at: 1.4s, crash: web2}
          - {at: 1.6s, hang: web1, for: 500ms}
          - {at: 1.7s, hang: web1, for: 100ms}
          - {at: 1.9s, storm: s3, rate: 0.5, for: 5s}
        """

    static func run(_ format: ObservationOptions.TraceFormat?, yaml: String = yaml) throws -> Scenarios.RunOutcome {
        try ScenarioFile.world(try ScenarioLoader.parse(yaml, file: "ends.yaml")).run(formats: [], observing: ObservationOptions(trace: format))
    }

    static func lines(_ outcome: Scenarios.RunOutcome) throws -> [TraceCallNumberTests.Line] {
        try #require(outcome.trace).split(separator: "\n").map(TraceCallNumberTests.Line.init)
    }

    @Test func eachEndIsALineAtExactlyItsStartPlusItsLength() throws {
        let outcome = try Self.run(.jsonLines)
        let lines = try Self.lines(outcome)
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.t <= $1.t })
        let ends = lines.filter { $0.kind.hasSuffix("Over") }
        let described: [String] = ends.map { (end: TraceCallNumberTests.Line) in "\(end.t) \(end.kind) \(end.subject) \(end.object) \(end.value)" }
        #expect(described == [
            "700000000 stormOver s3 SlowDown 200000000",
            "1300000000 hangOver web1  300000000",
            // web2's hang ended at its crash, web1's of 500 ms at the hang that replaced it.
            "1800000000 hangOver web1  100000000",
            // The second storm outlasts the run, which ends with the last timeout.
        ])
        #expect(lines.contains { (line: TraceCallNumberTests.Line) in line.kind == "storm" && line.t == 1_900_000_000 && line.value == 5_000_000_000 })
        #expect(lines.last!.t < 6_900_000_000)
        // Each end is written before every event at or after its instant and after every event before it.
        for end in ends {
            let index: Int = lines.firstIndex { (line: TraceCallNumberTests.Line) in line.kind == end.kind && line.t == end.t }!
            let before = lines[..<index], after = lines[(index + 1)...]
            #expect(before.allSatisfy { (line: TraceCallNumberTests.Line) in line.t < end.t || line.kind.hasSuffix("Over") })
            #expect(after.allSatisfy { (line: TraceCallNumberTests.Line) in line.t >= end.t })
        }
        // A hang's end is where the server's held requests are answered: its 500s come at that instant.
        let heldAnswers = lines.filter { (line: TraceCallNumberTests.Line) in line.kind == "respond" && line.subject == "web1" && line.value == 500 }
        #expect(heldAnswers.contains { (line: TraceCallNumberTests.Line) in line.t > 1_300_000_000 && line.t < 1_400_000_000 })
        let untraced = try Self.run(nil)
        #expect(outcome.digest == untraced.digest)
        #expect(outcome.digest == "17c9277e0fa81555")
    }

    @Test func thePerfettoTraceDrawsTheSameEnds() throws {
        let outcome = try Self.run(.perfetto)
        let instants = try ObservabilityFixture.events(try #require(outcome.trace))
            .filter { $0["ph"] as? String == "i" && ($0["name"] as? String)?.contains(" over") == true }
            .map { "\(($0["ts"] as! NSNumber).int64Value) \($0["name"] as! String) \($0["cat"] as! String)" }
        #expect(instants == [
            "700000 storm over: SlowDown for 0.200s at rate 1 fault",
            "1300000 hang over: for 0.3 s fault",
            "1800000 hang over: for 0.1 s fault",
        ])
        let untraced = try Self.run(nil)
        #expect(outcome.digest == untraced.digest)
    }

    /// A storm that ends after the run's last event, but within the run (the store's world runs
    /// to `run.duration`), ends with the trace's last line; one that outlasts the run has none.
    @Test func anEndTheRunReachedAfterItsLastEventIsTheLastLine() throws {
        let storm = { (length: String) in
            """
            seed: 1
            run: {duration: 1s}
            object_store: {latency: 10ms, buckets: [{name: data}]}
            faults:
              - {at: 500ms, storm: s3, rate: 1.0, for: \(length), code: SlowDown}
            """
        }
        #expect(try #require(try Self.run(.jsonLines, yaml: storm("200ms")).trace) == """
            {"t":500000000,"kind":"storm","subject":"s3","object":"SlowDown","value":200000000}
            {"t":700000000,"kind":"stormOver","subject":"s3","object":"SlowDown","value":200000000}

            """)
        #expect(try #require(try Self.run(.jsonLines, yaml: storm("500ms")).trace).hasSuffix(#"{"t":1000000000,"kind":"stormOver","subject":"s3","object":"SlowDown","value":500000000}"# + "\n"))
        #expect(try #require(try Self.run(.jsonLines, yaml: storm("501ms")).trace) == """
            {"t":500000000,"kind":"storm","subject":"s3","object":"SlowDown","value":501000000}

            """)
        let perfetto = try ObservabilityFixture.events(try #require(try Self.run(.perfetto, yaml: storm("200ms")).trace))
        #expect(perfetto.filter { $0["ph"] as? String == "i" }.map { "\(($0["ts"] as! NSNumber).int64Value) \($0["name"] as! String)" }
                == ["500000 storm: SlowDown for 0.200s at rate 1", "700000 storm over: SlowDown for 0.200s at rate 1"])
    }

    /// A hang without `for:` lasts until its node restarts: no end line, the restart stands for it.
    @Test func aHangUntilRestartedHasNoEndLine() throws {
        let yaml = """
            seed: 4
            run: {duration: 2s}
            servers: [{name: web, count: 2, service_time: 5ms}]
            workload: {type: open_loop, rate: 20, timeout: 200ms}
            faults:
              - {at: 500ms, hang: web1}
              - {at: 1s, restart: web1}
            """
        let lines = try Self.lines(try Self.run(.jsonLines, yaml: yaml))
        let hangs: [Int64] = lines.filter { $0.kind == "hang" }.map { $0.value }
        #expect(hangs == [-1])
        #expect(!lines.contains { (line: TraceCallNumberTests.Line) in line.kind.hasSuffix("Over") })
    }
}
