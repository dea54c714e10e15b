import Foundation
import Testing
import Simulator
@testable import Scenarios

/// The JSON-lines trace showed a restart of a running node as a `crash` and a `restart` line;
/// the metrics, the Perfetto trace and the report show one restart. The kill is still folded into
/// the digest, but not handed to the trace's sink (``Trace/fold(_:_:_:value:)``): the trace's
/// text writes the restart alone.
struct RestartTraceLineTests {
    static let yaml = """
        name: restart-running
        seed: 5
        run: {duration: 3s}
        servers: [{name: web, count: 2, service_time: 2ms}]
        balancer: {strategy: round_robin}
        workload: {type: open_loop, rate: 20, timeout: 500ms}
        faults:
          - {at: 1s, restart: web1}
          - {at: 2s, crash: web2}
        """

    @Test func aRestartOfARunningNodeIsOneLine() throws {
        let scenario = try ScenarioLoader.parse(Self.yaml, file: "restart.yaml")
        let trace = JSONLinesTrace()
        var recorded: [TraceEvent] = []
        _ = ScenarioRunner.run(scenario, traceSink: { recorded.append($0); trace.append($0) })
        #expect(recorded.filter { $0.kind == .crash }.map(\.subject) == ["web2"])
        let lines = trace.text.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("\"kind\":\"crash\"") } == ["{\"t\":2000000000,\"kind\":\"crash\",\"subject\":\"web2\",\"object\":\"\",\"value\":0}"])
        #expect(lines.filter { $0.contains("\"kind\":\"restart\"") } == ["{\"t\":1000000000,\"kind\":\"restart\",\"subject\":\"web1\",\"object\":\"\",\"value\":0}"])
        #expect(lines.count == recorded.count)
    }
}
