import Testing
@testable import Scenarios
@testable import Simulator

/// A paused node's process is frozen, a crashed one's does nothing (an outside checker's
/// findings F1 and F2, s78): a paused or crashed balancer ran its health checks and marked
/// healthy servers down (502s after the resume), and a paused server went on serving its queue,
/// only its answers held (27 answers at once at the resume). Each world pins the trace's lines.
struct FrozenProcessTests {
    /// The JSON lines of `kinds` in the run of `text`, with the result.
    static func run(_ text: String, kinds: Set<TraceKind>) throws -> (result: RunResult, lines: [String]) {
        let scenario = try ScenarioLoader.parse(text, file: "frozen.yaml")
        let trace = JSONLinesTrace()
        let result = ScenarioRunner.run(scenario, traceSink: { if kinds.contains($0.kind) { trace.append($0) } })
        return (result, trace.text.split(separator: "\n").map(String.init))
    }

    /// Two servers checked every 100 ms (timeout 50 ms, rise 2, fall 2); the balancer paused at
    /// 0.5 s for 0.3 s, crashed at 1 s, restarted at 1.5 s with a 100 ms boot.
    static let balancerFaults = """
        seed: 1
        run: {duration: 2s}
        network: {latency: 1ms}
        balancer: {strategy: round_robin, health_check: {interval: 100ms, timeout: 50ms, rise: 2, fall: 2}, forward_timeout: 200ms}
        servers: [{name: s, count: 2, slots: 1, queue: 10, service_time: 10ms}]
        workload: {type: closed_loop, users: 1, think_time: 50ms, timeout: 500ms}
        faults:
          - {at: 500ms, pause: balancer, for: 300ms}
          - {at: 1s, crash: balancer}
          - {at: 1500ms, restart: balancer, boot_time: 100ms}
        """

    /// The checks due during the pause (s1's at 0.560 s, s2's at 0.610 s) start at the resume,
    /// after the request the pause held; none is sent while the balancer is down; the restarted
    /// process starts its own once up at 1.6 s, spread over the interval (s1 at 1.600 s, s2 at
    /// 1.650 s). No server is marked down and no request answered 502 (it marked both down
    /// during the pause and again while crashed, and answered 502 three times after the resume).
    @Test func aPausedOrCrashedBalancerRunsNoHealthCheck() throws {
        let (result, lines) = try Self.run(Self.balancerFaults, kinds: [.healthCheck, .markDown, .markUp, .pause, .resume, .crash, .restart])
        let between = { (from: Int64, to: Int64) in
            lines.filter { line in
                let t = Int64(line.split(separator: ",")[0].dropFirst(5))!
                return t >= from && t < to
            }
        }
        #expect(between(450_000_000, 1_710_000_000) == [
            #"{"t":460000000,"kind":"healthCheck","subject":"balancer","object":"s2","value":1}"#,
            #"{"t":500000000,"kind":"pause","subject":"balancer","object":"","value":300000000}"#,
            #"{"t":800000000,"kind":"resume","subject":"balancer","object":"","value":0}"#,
            #"{"t":802000000,"kind":"healthCheck","subject":"balancer","object":"s1","value":1}"#,
            #"{"t":802000000,"kind":"healthCheck","subject":"balancer","object":"s2","value":1}"#,
            #"{"t":904000000,"kind":"healthCheck","subject":"balancer","object":"s1","value":1}"#,
            #"{"t":904000000,"kind":"healthCheck","subject":"balancer","object":"s2","value":1}"#,
            #"{"t":1000000000,"kind":"crash","subject":"balancer","object":"","value":0}"#,
            #"{"t":1500000000,"kind":"restart","subject":"balancer","object":"","value":0}"#,
            #"{"t":1602000000,"kind":"healthCheck","subject":"balancer","object":"s1","value":1}"#,
            #"{"t":1652000000,"kind":"healthCheck","subject":"balancer","object":"s2","value":1}"#,
            #"{"t":1704000000,"kind":"healthCheck","subject":"balancer","object":"s1","value":1}"#,
        ])
        #expect(!lines.contains { $0.contains("markDown") })
        #expect(result.traffic?.balancer?.badGateways == 0)
    }

    /// One server with one slot and a queue of 50, 10 ms a request, 150 requests a second;
    /// paused at 0.5 s for 0.3 s.
    static let serverPause = """
        seed: 1
        run: {duration: 1s}
        network: {latency: 1ms}
        servers: [{name: s, count: 1, slots: 1, queue: 50, service_time: 10ms}]
        workload: {type: open_loop, rate: 150, timeout: 5s}
        faults:
          - {at: 500ms, pause: s, for: 300ms}
        """

    /// The request in service at the pause (begun at 0.490287916 s) had 0.287916 ms left: it
    /// ends at 0.800287916 s and its answer arrives a latency later; the queue's next ones follow
    /// 10 ms apart. Those that came during the pause found the queue full at the resume (503).
    /// Before, the server served its backlog while paused: 27 answers 200 at 0.801 s.
    @Test func aPausedServerStopsServing() throws {
        let (_, lines) = try Self.run(Self.serverPause, kinds: [.respond, .pause, .resume])
        let window = lines.filter { line in
            let t = Int64(line.split(separator: ",")[0].dropFirst(5))!
            return t >= 480_000_000 && t < 825_000_000 && !line.contains("503")
        }
        #expect(window == [
            #"{"t":481287916,"kind":"respond","subject":"s","object":"client","value":200,"call":46}"#,
            #"{"t":491287916,"kind":"respond","subject":"s","object":"client","value":200,"call":47}"#,
            #"{"t":500000000,"kind":"pause","subject":"s","object":"","value":300000000}"#,
            #"{"t":800000000,"kind":"resume","subject":"s","object":"","value":0}"#,
            #"{"t":801287916,"kind":"respond","subject":"s","object":"client","value":200,"call":48}"#,
            #"{"t":811287916,"kind":"respond","subject":"s","object":"client","value":200,"call":49}"#,
            #"{"t":821287916,"kind":"respond","subject":"s","object":"client","value":200,"call":50}"#,
        ])
        #expect(lines.filter { $0.hasPrefix(#"{"t":801000000,"#) && $0.contains("503") }.count == 26)
    }
}
