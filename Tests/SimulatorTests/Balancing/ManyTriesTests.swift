import Testing
@testable import Simulator

/// A request may try every server once (nginx caps its tries at the servers): the servers it has
/// tried are marked by id for each pick and cleared after it, so a request's tries over many
/// servers cost a visit of the members each, not a search of its tries for each member.
struct ManyTriesTests {
    /// `count` servers that all answer 500, tries without limit on 5xx, no passive health.
    func failingEverywhere(_ count: Int) -> UpstreamFixture {
        let errors = Dictionary(uniqueKeysWithValues: (1...count).map { ($0, 1.0) })
        return UpstreamFixture(servers: count, configuration: .init(retries: 1_000_000_000, retryOn: .http5xx, passiveHealth: nil),
                               service: 0, errorRates: errors)
    }

    @Test func aRequestTriesEveryServerOnceAndGetsTheLastAnswer() {
        let fixture = failingEverywhere(300)
        let requests = (0..<3).map { fixture.route(at: Double($0)) }
        fixture.run(until: 10)
        #expect(requests.map(\.status) == [500, 500, 500])
        #expect(fixture.balancer.stats.forwarded == 900)
        #expect(fixture.balancer.stats.retried == 897)
        // Round robin: each request goes s1 … s300 in order, and the next starts at s1 again: the
        // marks of one request's tries are gone by the next request's first pick.
        let order = (1...300).map { "s\($0)" }
        #expect(fixture.routes.hostnames == order + order + order)
    }

    @Test func requestsTryingAtOnceEachKeepTheirOwnTries() {
        // Two requests at the same instant: their tries interleave, each on every server once.
        let fixture = failingEverywhere(50)
        let requests = [fixture.route(at: 0), fixture.route(at: 0)]
        fixture.run(until: 10)
        #expect(requests.map(\.status) == [500, 500])
        #expect(fixture.balancer.stats.forwarded == 100)
        let counts = Dictionary(grouping: fixture.routes.hostnames, by: { $0 }).mapValues(\.count)
        #expect(counts.count == 50)
        #expect(counts.values.allSatisfy { $0 == 2 })
    }
}
