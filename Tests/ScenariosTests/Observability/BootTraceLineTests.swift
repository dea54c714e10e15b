import Testing
import Simulator
@testable import Scenarios

/// The JSON-lines trace showed a `crash` fault and a `restart` fault of one node at the same
/// instant as one `restart` line (it took the crash for a restart's kill), and never showed when
/// a restart's boot was over. The kill of a restart of a running node is now folded into the
/// digest without a line, a crash of its own always has its line, and a boot of some length ends
/// with a `booted` line (value: its length), noted but not folded: the digest does not move.
struct BootTraceLineTests {
    static let yaml = """
        name: boot-lines
        seed: 5
        run: {duration: 3s}
        servers: [{name: web, count: 2, service_time: 2ms}]
        balancer: {strategy: round_robin}
        workload: {type: open_loop, rate: 20, timeout: 500ms}
        faults:
          - {at: 1s, restart: web1, boot_time: 200ms}
          - {at: 2s, crash: web2}
          - {at: 2s, restart: web2, boot_time: 300ms}
        """

    /// Before: the restart lines at 1 s and 2 s alone, 321 lines; the digest is the one the
    /// release binary before the change printed for this file (146de330865ba5ff).
    @Test func aCrashAndARestartAtOneInstantAreTwoLinesAndBootsEndWithALine() throws {
        let scenario = try ScenarioLoader.parse(Self.yaml, file: "boot.yaml")
        let trace = JSONLinesTrace()
        var recorded: [TraceEvent] = []
        let result = ScenarioRunner.run(scenario, traceSink: { recorded.append($0); trace.append($0) })
        let lines = trace.text.split(separator: "\n").map(String.init)
        let faultKinds = ["crash", "restart", "booted"].map { "\"kind\":\"\($0)\"" }
        #expect(lines.filter { line in faultKinds.contains { line.contains($0) } } == [
            #"{"t":1000000000,"kind":"restart","subject":"web1","object":"","value":0}"#,
            #"{"t":1200000000,"kind":"booted","subject":"web1","object":"","value":200000000}"#,
            #"{"t":2000000000,"kind":"crash","subject":"web2","object":"","value":0}"#,
            #"{"t":2000000000,"kind":"restart","subject":"web2","object":"","value":0}"#,
            #"{"t":2300000000,"kind":"booted","subject":"web2","object":"","value":300000000}"#,
        ])
        #expect(lines.count == 324)
        // Every event handed to the sink is a line; the kill of web1's process is not handed over.
        #expect(recorded.count == lines.count)
        #expect(result.digest == "146de330865ba5ff")
    }
}
