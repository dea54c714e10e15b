import Testing
@testable import Simulator

/// A call whose answer is larger than its answer room's words keeps it in a box (see
/// ``AnswerRoom``): the answer reaches a waiting task and a waiting step whole, a duplicate's
/// earlier answer stays, and every answer is freed with its call.
@Suite(.serialized) struct BoxedAnswerCallTests {
    /// An answer of 56 bytes and more, holding a reference whose instances are counted.
    struct Bulky: Sendable {
        var run: Int
        var words: (Int, Int, Int, Int, Int, Int) = (1, 2, 3, 4, 5, 6)
        var token: Token
    }

    final class Token: @unchecked Sendable {
        nonisolated(unsafe) static var alive = 0
        init() { Token.alive += 1 }
        deinit { Token.alive -= 1 }
    }

    /// What the test's tasks count and collect; the simulation runs them one at a time.
    final class Log: @unchecked Sendable {
        var runs = 0
        var got: [String] = []
    }

    @Test
    func aWaitingStepReadsTheDuplicatesEarlierAnswerWholeAndEveryAnswerIsFreed() throws {
        #expect(!AnswerRoom.holdsInline(Bulky.self))
        Token.alive = 0
        weak var call: PendingCall<Bulky>?
        do {
            let sim = Simulation(seed: 3)
            let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.001), duplicateRate: 1))
            network.addNode("client")
            network.addNode("server")
            let waiting = WaitingStep<Bulky>(simulation: sim) { "run \($0.run) \($0.words.5)" }
            let log = Log()
            sim.spawn("client") { _ in
                waiting.call = network.dispatch(
                    from: "client", to: "server", timeout: 50_000_000,
                    handler: .task {
                        log.runs += 1
                        let run = log.runs
                        await sim.sleep(for: .milliseconds(run == 1 ? 4 : 1))
                        return Bulky(run: run, token: Token())
                    },
                    waiter: waiting.wakeUp(0))
                await sim.sleep(for: .milliseconds(10))
            }
            try sim.runToCompletion(timeLimit: .after(.seconds(1)))
            #expect(waiting.seen == ["run 2 6 @3000us"])
            // The call keeps the settling answer; the original's later one is gone.
            #expect(Token.alive == 1)
            call = waiting.call
            sim.tearDown()
        }
        // Freed with its world, and its answer with it.
        #expect(call == nil)
        #expect(Token.alive == 0)
    }

    @Test
    func aWaitingTaskGetsTheAnswerWhole() throws {
        Token.alive = 0
        let sim = Simulation(seed: 3)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.001)))
        network.addNode("client")
        network.addNode("server")
        let log = Log()
        sim.spawn("client") { _ in
            for run in 1...3 {
                let answer = try? await network.call(from: "client", to: "server", timeout: .seconds(1)) {
                    Bulky(run: run, words: (run, run, run, run, run, run * 10), token: Token())
                }
                log.got.append(answer.map { "run \($0.run) \($0.words.5)" } ?? "none")
            }
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(log.got == ["run 1 10", "run 2 20", "run 3 30"])
        #expect(Token.alive == 0)
    }
}
