import Testing
@testable import Simulator

/// A crashed process sends nothing: code still running for it (a zombie: a loop, a retry) has its
/// calls end silently at their deadline, with no `send` or `drop` line from its node inside the
/// downtime, and a call made for it after a restart is not sent as the new process's. An answer
/// a pause held for a caller that crashes during the pause is a `drop` from the answerer, at the
/// crash. LAN hops of 0.5 ms; the handler on b answers at once.
struct CrashedProcessSendsNothingTests {
    static func traced(_ simulation: Simulation) -> LogTranscript {
        let lines = LogTranscript()
        simulation.trace.sink = { event in
            lines.append("\(event.time.nanoseconds) \(event.kind) \(event.subject) \(event.object)")
        }
        return lines
    }

    /// a crashed at 0.5 s; its zombie calls b at 0.6 s with a 1 s deadline: nothing is traced
    /// but the crash, and the zombie learns of its call only at 1.6 s, as a timeout.
    @Test func aCallFromACrashedNodeLeavesNoLine() throws {
        let simulation = Simulation(seed: 1)
        let lines = Self.traced(simulation)
        let network = Network(simulation: simulation)
        network.addNode("a")
        network.addNode("b")
        let outcome = LogTranscript()
        simulation.spawn("zombie") { _ in
            await simulation.sleep(until: .after(.milliseconds(600)))
            do throws(NetworkError) {
                _ = try await network.call(from: "a", to: "b", timeout: .seconds(1)) { 1 }
                outcome.append("\(simulation.now.nanoseconds) answered")
            } catch {
                outcome.append("\(simulation.now.nanoseconds) \(error)")
            }
        }
        simulation.schedule(after: .milliseconds(500)) { network.crash("a") }
        try simulation.runToCompletion(timeLimit: .after(.seconds(10)))
        #expect(lines.entries == ["500000000 crash a "])
        #expect(outcome.entries == ["1600000000 timeout"])
    }

    /// The process read at 0.1 s (number 0) crashed at 0.5 s and a restart at 0.7 s runs number
    /// 1: a call made for number 0 at 0.8 s is not sent, while one for the process running then
    /// goes out and is answered at 0.801 s.
    @Test func aCallForAProcessGoneBeforeARestartIsNotSentAsTheNewOnes() throws {
        let simulation = Simulation(seed: 1)
        let lines = Self.traced(simulation)
        let network = Network(simulation: simulation)
        network.addNode("a")
        network.addNode("b")
        let outcome = LogTranscript()
        simulation.spawn("caller") { _ in
            await simulation.sleep(until: .after(.milliseconds(100)))
            let old = network.process(of: "a")
            await simulation.sleep(until: .after(.milliseconds(800)))
            outcome.append("process \(old) runs \(network.runs("a", process: old)); now \(network.process(of: "a"))")
            let stale = try? await network.call(from: "a", to: "b", process: old, timeout: .seconds(1)) { 1 }
            outcome.append("\(simulation.now.nanoseconds) stale \(stale.map(String.init) ?? "failed")")
            let fresh = try? await network.call(from: "a", to: "b", timeout: .seconds(1)) { 2 }
            outcome.append("\(simulation.now.nanoseconds) fresh \(fresh.map(String.init) ?? "failed")")
        }
        simulation.schedule(after: .milliseconds(500)) { network.crash("a") }
        simulation.schedule(after: .milliseconds(700)) { network.restart("a") }
        try simulation.runToCompletion(timeLimit: .after(.seconds(10)))
        #expect(outcome.entries == ["process 0 runs false; now 1", "1800000000 stale failed", "1801000000 fresh 2"])
        #expect(lines.entries == ["500000000 crash a ", "700000000 restart a ",
                                  "1800000000 send a b", "1801000000 respond b a"])
    }

    /// a calls b at 0 s and is paused from 0.2 ms for 1 s: b's answer reaches it at 1 ms and is
    /// held. a crashes at 0.5 s, inside the pause: the held answer is a `drop` from b to a then.
    @Test func anAnswerHeldByAPauseIsDroppedAtTheCallersCrash() throws {
        let simulation = Simulation(seed: 1)
        let lines = Self.traced(simulation)
        let network = Network(simulation: simulation)
        network.addNode("a")
        network.addNode("b")
        simulation.spawn("caller") { _ in
            _ = try? await network.call(from: "a", to: "b", timeout: .seconds(2)) { 1 }
        }
        simulation.schedule(after: .microseconds(200)) { network.pause("a", for: .seconds(1)) }
        simulation.schedule(after: .milliseconds(500)) { network.crash("a") }
        try simulation.runToCompletion(timeLimit: .after(.seconds(10)))
        #expect(lines.entries == ["0 send a b", "200000 pause a ", "500000000 crash a ", "500000000 drop b a"])
    }
}
