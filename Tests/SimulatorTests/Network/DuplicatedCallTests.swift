import Testing
@testable import Simulator

/// A call whose request is duplicated is settled by the first of its two answers. A step that
/// waits for it reads the outcome from the call, which keeps that answer in the field the
/// original's own answer passes through on its way back: the later answer must never replace it.
struct DuplicatedCallTests {
    /// Counts the handler's runs; the simulation runs them one at a time.
    final class Runs: @unchecked Sendable {
        var count = 0
    }

    /// Every request is delivered twice, 1 ms each way. The original's handler runs first and
    /// takes `firstRun` ms; the copy's takes 1 ms and answers at 3 ms, settling the call while the
    /// original's answer is still being worked out (4 ms: decided at 5 ms) or already travelling
    /// back (1.5 ms: it arrives at 3.5 ms).
    @Test(arguments: [1.5, 4])
    func theCopysEarlierAnswerSettlesTheCallAndStays(firstRun: Double) throws {
        let sim = Simulation(seed: 3)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.001), duplicateRate: 1))
        network.addNode("client")
        network.addNode("server")
        let runs = Runs()
        let waiting = WaitingStep<String>(simulation: sim) { $0 }
        sim.spawn("client") { _ in
            waiting.call = network.dispatch(
                from: "client", to: "server", timeout: 50_000_000,
                handler: .task {
                    runs.count += 1
                    let run = runs.count
                    await sim.sleep(for: .milliseconds(run == 1 ? firstRun : 1))
                    return "run \(run)"
                },
                waiter: waiting.wakeUp(0))
            // The run ends with its last task: this one waits for both answers.
            await sim.sleep(for: .milliseconds(10))
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(runs.count == 2)
        #expect(waiting.seen == ["run 2 @3000us"])
        #expect(waiting.text(of: waiting.call?.outcome) == "run 2")
    }

    /// A step that takes the outcome and lets the call go (as a workload client and a balanced
    /// request do) reads what a step that only reads it does, in a world with the same digest.
    /// The answer is moved out only when the step holds the call's last reference: a lone call
    /// to a server replica (served in steps, 1 ms each way and 1 ms of service) is freed at once;
    /// a duplicated one is still held by its second answer, due at the same instant as the first
    /// but fired after the step the first one queued, so the step copies the outcome and the call
    /// lives on, answer and all, until that answer is done with.
    @Test(arguments: [(0.0, 0.0, "200 @3000us", false), (0.0, 1.0, "timeout @5000us", false),
                      (1.0, 0.0, "200 @3000us", true)])
    func takingTheOutcomeReadsWhatReadingItDoes(duplicateRate: Double, dropRate: Double, expected: String, outlives: Bool) throws {
        var digests: [String] = []
        for takes in [false, true] {
            let sim = Simulation(seed: 3)
            let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.001), dropRate: dropRate, duplicateRate: duplicateRate))
            network.addNode("client")
            let server = ServerReplica("server", configuration: ServerConfiguration(slots: 2, serviceTime: .constant(0.001)), network: network)
            let waiting = WaitingStep<Response>(simulation: sim, takes: takes) { "\($0.status)" }
            sim.spawn("client") { _ in
                waiting.call = network.dispatch(from: "client", to: server.id, timeout: 5_000_000,
                                                handler: .serving(Request(id: 1, key: 1, client: "client"), on: server),
                                                waiter: waiting.wakeUp(0))
                await sim.sleep(for: .milliseconds(10))
            }
            try sim.runToCompletion(timeLimit: .after(.seconds(1)))
            #expect(waiting.seen == [expected])
            if takes {
                #expect(waiting.call == nil)
                #expect(waiting.callOutlivedTheStep == outlives)
                #expect(waiting.outcomeLeftInCall == (outlives ? "200" : nil))
            }
            digests.append(sim.trace.digestHex)
        }
        #expect(digests[0] == digests[1])
    }

    /// Without a duplicate the one answer settles the call, and a lost one leaves its timeout.
    @Test(arguments: [(0.0, "ok @2000us"), (1.0, "timeout @5000us")])
    func aSingleCallIsSettledByItsAnswerOrItsTimeout(dropRate: Double, expected: String) throws {
        let sim = Simulation(seed: 3)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.001), dropRate: dropRate))
        network.addNode("client")
        network.addNode("server")
        let waiting = WaitingStep<String>(simulation: sim) { $0 }
        sim.spawn("client") { _ in
            waiting.call = network.dispatch(from: "client", to: "server", timeout: 5_000_000, handler: .task { "ok" }, waiter: waiting.wakeUp(0))
            await sim.sleep(for: .milliseconds(10))
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(waiting.seen == [expected])
    }
}
