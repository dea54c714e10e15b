import Testing
@testable import Scenarios
@testable import Simulator

/// What a crashed caller's calls leave (checker C's F1 and F7, s80): the forwards a balancer had
/// in flight when it crashed were reported "answered with neither 2xx nor 5xx" and traced as the
/// balancer's timeouts while it was down (or, restarted, in the new process's lifetime), answers
/// reaching a restarted balancer were traced as `respond`, and an answer lost at a crashed caller
/// was traced as a `drop` from the caller to itself. A call whose caller's process is gone now
/// ends untraced, its answer is a `drop` from the answering node, and the balancer counts those
/// forwards as ended by its crash. Each world pins the trace's lines and the report's figures.
struct CrashedCallerTests {
    /// The JSON lines of `kinds` in the run of `text`, with the result.
    static func run(_ text: String, kinds: Set<TraceKind>) throws -> (result: RunResult, lines: [String]) {
        let scenario = try ScenarioLoader.parse(text, file: "crashed-caller.yaml")
        let trace = JSONLinesTrace()
        let result = ScenarioRunner.run(scenario, traceSink: { if kinds.contains($0.kind) { trace.append($0) } })
        return (result, trace.text.split(separator: "\n").map(String.init))
    }

    /// Two servers under round robin with 2 s forward timeouts; s2 crashes at 0.5 s, so the
    /// forwards sent to it then wait for their timeouts; the balancer crashes at 1 s with 5 of
    /// them in flight and restarts at 1.5 s (up at 1.6 s).
    static let crashWithForwardsInFlight = """
        seed: 5
        run: {duration: 4s}
        network: {latency: 0.5ms}
        servers: [{name: s, count: 2, slots: 2, service_time: {exponential: 5ms}}]
        balancer: {strategy: round_robin, forward_timeout: 2s, retries: {tries: 2, on: [error, timeout]}, health_check: {interval: 2s, timeout: 1s, rise: 2, fall: 2}}
        workload: {type: open_loop, rate: 20, timeout: 3s}
        faults:
          - {at: 500ms, crash: s2}
          - {at: 1s, crash: balancer}
          - {at: 1500ms, restart: balancer, boot_time: 100ms}
        """

    /// The 5 forwards in flight to s2 at the crash (timing out at 2.505 … 2.968 s before) are
    /// neither traced nor counted as timeouts: the first `timeout balancer→s2` is the restarted
    /// process's, at 3.6 s. The report says what they were.
    @Test func forwardsInFlightAtTheBalancersCrashEndUntracedAndCountedAsSuch() throws {
        let (result, lines) = try Self.run(Self.crashWithForwardsInFlight, kinds: [.timeout])
        #expect(lines.filter { $0.contains(#""subject":"balancer""#) }.prefix(2) == [
            #"{"t":3600000000,"kind":"timeout","subject":"balancer","object":"s2","value":0,"call":98}"#,
            #"{"t":3638248326,"kind":"timeout","subject":"balancer","object":"s2","value":0,"call":59}"#,
        ])
        let traffic = try #require(result.traffic)
        let balancer = try #require(traffic.balancer)
        let s2 = try #require(balancer.servers.first { $0.hostname == "s2" })
        #expect([s2.forwarded, s2.succeeded, s2.serverErrors, s2.connectErrors, s2.timeouts, s2.inFlightAtEnd, s2.endedByCrash, s2.otherAnswers]
                == [37, 7, 0, 0, 25, 0, 5, 0])
        #expect(balancer.servers.first { $0.hostname == "s1" }.map { [$0.forwarded, $0.succeeded, $0.endedByCrash] } == [74, 74, 0])
        #expect(traffic.markdown().contains("\nForwards not in the columns above: s2 5 ended by the balancer's crash.\n"))
        let json = traffic.json()
        #expect(json.contains("\"endedByCrash\" : 5,\n        \"failedHealthChecks\" : 1,\n        \"forwarded\" : 37,"))
        // Left out where no forward was ended so (s1), as in every world whose balancer does not crash.
        #expect(json.components(separatedBy: "\"endedByCrash\"").count == 2)
    }

    /// The balancer restarts at 1 s (booted at 1.001 s) with two keepalive forwards in flight;
    /// their answers reach the new process at 1.010 s, which has no such connection: lost there,
    /// each a `drop` from its server, where they were each a `respond` settling the old process's
    /// call.
    @Test func answersToARestartedBalancerAreLostAtItsHost() throws {
        let (result, lines) = try Self.run("""
            seed: 3
            run: {duration: 2s}
            network: {latency: 2ms}
            servers: [{name: s, count: 2, slots: 1, service_time: 10ms}]
            balancer: {strategy: least_conn, forward_timeout: 1s, keepalive: {connections: 4}}
            workload: {type: closed_loop, users: 2, timeout: 5s}
            faults:
              - {at: 1s, restart: balancer, boot_time: 1ms}
            """, kinds: [.respond, .drop, .timeout, .restart])
        let window = lines.filter { line in
            let t = Int64(line.split(separator: ",")[0].dropFirst(5))!
            return t >= 996_000_000 && t <= 1_010_000_000 && line.contains(#""balancer""#)
        }
        #expect(window == [
            #"{"t":1000000000,"kind":"restart","subject":"balancer","object":"","value":0}"#,
            #"{"t":1008000000,"kind":"respond","subject":"s1","object":"balancer","value":0,"call":229}"#,
            #"{"t":1008000000,"kind":"respond","subject":"s2","object":"balancer","value":0,"call":230}"#,
            #"{"t":1010000000,"kind":"drop","subject":"s2","object":"balancer","value":0,"call":225}"#,
            #"{"t":1010000000,"kind":"drop","subject":"s1","object":"balancer","value":0,"call":226}"#,
        ])
        #expect(!lines.contains { $0.contains(#""kind":"timeout","subject":"balancer""#) })
        let balancer = try #require(result.traffic?.balancer)
        #expect(balancer.servers.map { [$0.endedByCrash, $0.otherAnswers, $0.inFlightAtEnd] } == [[1, 0, 0], [1, 0, 0]])
        #expect(try #require(result.traffic).markdown().contains(
            "\nForwards not in the columns above: s1 1 ended by the balancer's crash; s2 1 ended by the balancer's crash.\n"))
    }

    /// Crashed at 0 s, just after sending its first health check: the check's answer is lost at
    /// the crashed host — a `drop` from s to the balancer (it read balancer→balancer) — and the
    /// check's 1 s timeout, at the restart's instant, is no one's (it was traced).
    @Test func aCheckSentBeforeACrashAtZeroLeavesOnlyItsLostAnswer() throws {
        let (_, lines) = try Self.run("""
            seed: 5
            run: {duration: 3s}
            network: {latency: 0.5ms}
            servers: [{name: s, count: 1, slots: 2, service_time: 5ms}]
            balancer: {strategy: round_robin, health_check: {interval: 2s, timeout: 1s, rise: 2, fall: 2}}
            workload: {type: open_loop, rate: 2, timeout: 3s}
            faults:
              - {at: 0s, crash: balancer}
              - {at: 1s, restart: balancer, boot_time: 1s}
            """, kinds: [.drop, .timeout, .crash, .restart, .healthCheck])
        #expect(lines.filter { !$0.contains(#""subject":"client""#) }.prefix(4) == [
            #"{"t":0,"kind":"crash","subject":"balancer","object":"","value":0}"#,
            #"{"t":1000000,"kind":"drop","subject":"s","object":"balancer","value":0,"call":1}"#,
            #"{"t":1000000000,"kind":"restart","subject":"balancer","object":"","value":0}"#,
            #"{"t":2001000000,"kind":"healthCheck","subject":"balancer","object":"s","value":1}"#,
        ])
    }
}
