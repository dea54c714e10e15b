import Testing
@testable import Simulator

/// A call made with a closure that answers with anything but a ``Response`` travels as a
/// `PendingCall<ErasedAnswer>`, woken by its entries directly (``StepKind/erasedCall``), and its
/// caller gets back exactly the value the handler returned: optionals, nested optionals, a class
/// instance, an existential, a failure, a value too large for an existential's inline buffer.
@Suite(.serialized) struct ErasedAnswerCallTests {
    final class Token: @unchecked Sendable {
        nonisolated(unsafe) static var alive = 0
        let label: String
        init(_ label: String) {
            self.label = label
            Token.alive += 1
        }
        deinit { Token.alive -= 1 }
    }

    /// 56 bytes, a counted reference among them: an existential keeps it in a box of its own.
    struct Wide: Sendable, Equatable {
        var numbers: (Int, Int, Int, Int, Int, Int) = (1, 2, 3, 4, 5, 6)
        var token: Token

        static func == (lhs: Wide, rhs: Wide) -> Bool { lhs.numbers == rhs.numbers && lhs.token === rhs.token }
    }

    enum Refusal: Error, Equatable { case busy(String) }

    /// What the test's tasks collect; the simulation runs them one at a time.
    final class Log: @unchecked Sendable {
        var lines: [String] = []
        var kinds: [String] = []
    }

    @Test func theAnswerTypesSortIntoResponseErasedAndOther() {
        #expect(CallAnswerType.of(Response.self) == .response)
        #expect(CallAnswerType.of(ErasedAnswer.self) == .erased)
        #expect(CallAnswerType.of(Int.self) == .other)
        #expect(CallAnswerType.of(Result<Int, NetworkError>.self) == .other)
    }

    @Test func everyAnswerComesBackExactlyAsTheHandlerReturnedIt() throws {
        Token.alive = 0
        do {
            let sim = Simulation(seed: 11)
            let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.002)))
            network.addNode("client")
            network.addNode("server")
            let log = Log()
            let kept = Token("kept")
            /// Calls `body` at the server and notes how the server's open call is typed and woken.
            @Sendable func ask<Answer: Sendable>(_ body: @escaping @Sendable () -> Answer) async -> Answer? {
                try? await network.call(from: "client", to: "server", timeout: .seconds(1)) {
                    let open = network.node("server")!.openCalls.inDeliveryOrder
                    log.kinds.append(open.count == 1 && open[0] is PendingCall<ErasedAnswer>
                        && (open[0] as? any SteppedWork)?.stepKind == .erasedCall ? "erased" : "not erased")
                    return body()
                }
            }
            sim.spawn("client") { _ in
                let none: Int?? = await ask { Int?.none }
                log.lines.append("optional: \(String(describing: none))")
                let nested: Int??? = await ask { Int??.some(nil) }
                log.lines.append("nested: \(String(describing: nested))")
                let same = await ask { kept }
                log.lines.append("instance: \(same === kept)")
                let wide = await ask { Wide(numbers: (6, 5, 4, 3, 2, 1), token: kept) }
                log.lines.append("wide: \(wide == Wide(numbers: (6, 5, 4, 3, 2, 1), token: kept))")
                let existential: (any Sendable)? = await ask { 42 as any Sendable }
                log.lines.append("existential: \((existential as? Int) ?? -1)")
                let refused = await ask { Result<Int, Refusal>.failure(.busy("b1")) }
                log.lines.append("failure: \(refused.map { "\($0)" } ?? "lost")")
                let freed = await ask { Token("answer") }
                log.lines.append("fresh: \(freed?.label ?? "lost") at \(sim.now)")
            }
            try sim.runToCompletion(timeLimit: .after(.seconds(1)))
            #expect(log.lines == [
                "optional: Optional(nil)", "nested: Optional(Optional(nil))", "instance: true", "wide: true",
                "existential: 42", "failure: failure(SimulatorTests.ErasedAnswerCallTests.Refusal.busy(\"b1\"))",
                "fresh: answer at t=0.028s",
            ])
            #expect(log.kinds == Array(repeating: "erased", count: 7))
            // The last answer was let go by the task that read it: only the test's token is left.
            #expect(Token.alive == 1)
            sim.tearDown()
        }
        #expect(Token.alive == 0)
    }
}
