import Testing
@testable import Simulator

/// A link override is one direction: the link from `a` to `b` carries `a`'s requests to `b` and
/// `a`'s answers (refusals, resets) to `b`'s calls; `b`'s requests and the answers to them travel
/// on the link from `b` to `a`. (An answer used to come back over its request's link, so an
/// override `s → client` changed nothing and `client → s` applied both ways.)
struct LinkDirectionTests {
    let sim = Simulation(seed: 5)
    let network: Network
    let log = EventLog()

    init() {
        network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.001)))
        network.addNode("client")
        network.addNode("s")
    }

    /// `client` calls `s` (whose handler logs when it runs) at `at` ms; logs the outcome and when.
    func call(_ label: String, at: Int = 0, timeout: Duration = .milliseconds(100)) {
        let sim = sim, network = network, log = log
        sim.spawn(label) { _ in
            if at > 0 { await sim.sleep(for: .milliseconds(at)) }
            do {
                let answer: String = try await network.call(from: "client", to: "s", timeout: timeout) {
                    log.append("\(label) ran @\(sim.now.nanoseconds / 1_000)us")
                    return "ok"
                }
                log.append("\(label): \(answer) @\(sim.now.nanoseconds / 1_000)us")
            } catch {
                log.append("\(label): \(error) @\(sim.now.nanoseconds / 1_000)us")
            }
        }
    }

    @Test func anOverrideFromTheServerToTheClientSlowsOnlyTheAnswers() throws {
        network.setLink(from: "s", to: "client", LinkProfile(latency: .constant(0.010)))
        call("a")
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(log.entries == ["a ran @1000us", "a: ok @11000us"])
    }

    @Test func anOverrideFromTheClientToTheServerSlowsOnlyTheRequests() throws {
        network.setLink(from: "client", to: "s", LinkProfile(latency: .constant(0.010)))
        call("a")
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(log.entries == ["a ran @10000us", "a: ok @11000us"])
    }

    /// Both directions set (as zones set them): each leg takes its own link's latency.
    @Test func overridesBothWaysEachTakeTheirOwnLeg() throws {
        network.setLink(from: "client", to: "s", LinkProfile(latency: .constant(0.003)))
        network.setLink(from: "s", to: "client", LinkProfile(latency: .constant(0.007)))
        call("a")
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(log.entries == ["a ran @3000us", "a: ok @10000us"])
    }

    /// Loss on the way back loses every answer and no request: the handler runs, the caller
    /// times out. Loss on the way there loses every request.
    @Test func aDropRateOnTheWayBackLosesAnswersNotRequests() throws {
        network.setLink(from: "s", to: "client", LinkProfile(latency: .constant(0.001), dropRate: 1))
        call("back")
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(log.entries == ["back ran @1000us", "back: timeout @100000us"])

        network.setLink(from: "s", to: "client", LinkProfile(latency: .constant(0.001)))
        network.setLink(from: "client", to: "s", LinkProfile(latency: .constant(0.001), dropRate: 1))
        call("there", at: 1)
        try sim.runToCompletion(timeLimit: .after(.seconds(2)))
        #expect(log.entries == ["back ran @1000us", "back: timeout @100000us", "there: timeout @201000us"])
    }

    /// The audit's world: answers from `s` to `client` over 10 ms at a drop rate of 0.5, requests
    /// over the default 1 ms. Every request runs; every answer that arrives took exactly 11 ms;
    /// about half are lost (the count is the seed's).
    @Test func halfTheAnswersAreLostAndTheRestTakeTheSlowLinkBack() throws {
        network.setLink(from: "s", to: "client", LinkProfile(latency: .constant(0.010), dropRate: 0.5))
        let ran = EventLog(), outcomes = EventLog()
        let sim = sim, network = network
        for index in 0..<200 {
            sim.spawn("call \(index)") { _ in
                await sim.sleep(for: .milliseconds(index))
                let sent = sim.now
                do {
                    let _: String = try await network.call(from: "client", to: "s", timeout: .milliseconds(100)) {
                        ran.append("ran")
                        return "ok"
                    }
                    outcomes.append("ok \((sim.now.nanoseconds - sent.nanoseconds) / 1_000)us")
                } catch {
                    outcomes.append("\(error) \((sim.now.nanoseconds - sent.nanoseconds) / 1_000)us")
                }
            }
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(ran.entries.count == 200)
        #expect(outcomes.entries.count == 200)
        let answered = outcomes.entries.filter { $0.hasPrefix("ok") }
        #expect(Set(answered) == ["ok 11000us"])
        #expect(Set(outcomes.entries.filter { !$0.hasPrefix("ok") }) == ["timeout 100000us"])
        #expect(answered.count == 105)
    }

    /// Duplication is a request's: a duplicate rate on the way back duplicates nothing.
    @Test func aDuplicateRateDuplicatesRequestsOnTheirOwnLinkOnly() throws {
        network.setLink(from: "s", to: "client", LinkProfile(latency: .constant(0.001), duplicateRate: 1))
        call("back")
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(log.entries == ["back ran @1000us", "back: ok @2000us"])

        network.setLink(from: "client", to: "s", LinkProfile(latency: .constant(0.001), duplicateRate: 1))
        call("there", at: 1)
        try sim.runToCompletion(timeLimit: .after(.seconds(2)))
        #expect(log.entries.suffix(3) == ["there ran @4000us", "there ran @4000us", "there: ok @5000us"])
    }

    /// A refusal (the server is booting) and a reset (its process restarts while it handles the
    /// call) come back over the link from the server to the caller.
    @Test func refusalsAndResetsComeBackOverTheLinkFromTheServer() throws {
        network.setLink(from: "s", to: "client", LinkProfile(latency: .constant(0.010)))
        network.restart("s", bootTime: .milliseconds(5))
        call("booting")
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(log.entries == ["booting: refused @11000us"])

        // Handled from 1 ms after it is sent, for 50 ms; the process restarts 20 ms after the send.
        let sim = sim, network = network, log = log
        let start = sim.now
        sim.spawn("reset") { _ in
            do {
                let _: String = try await network.call(from: "client", to: "s", timeout: .milliseconds(100)) {
                    await sim.sleep(for: .milliseconds(50))
                    return "late"
                }
            } catch {
                log.append("reset: \(error) @+\((sim.now.nanoseconds - start.nanoseconds) / 1_000)us")
            }
        }
        sim.schedule(after: .milliseconds(20)) { network.restart("s", bootTime: .milliseconds(5)) }
        try sim.runToCompletion(timeLimit: .after(.seconds(2)))
        #expect(log.entries.last == "reset: refused @+30000us")
    }

    /// A call resolves both its links when it is sent: an override set while it travels applies
    /// to the next call, in its own direction.
    @Test func aCallKeepsBothItsLinksWhateverIsSetWhileItTravels() throws {
        sim.schedule(after: .microseconds(500)) { network.setLink(from: "s", to: "client", LinkProfile(latency: .constant(0.020))) }
        call("first")
        call("second", at: 5)
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(log.entries == ["first ran @1000us", "first: ok @2000us", "second ran @6000us", "second: ok @26000us"])
    }
}
