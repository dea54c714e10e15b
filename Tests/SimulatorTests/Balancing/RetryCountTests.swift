import Testing
@testable import Simulator

/// `retried` counts the requests forwarded again, not the retries a request was granted but had
/// no server left for.
struct RetryCountTests {
    @Test func aRetryWithNoServerLeftIsNotCounted() {
        // Three tries over two refusing servers: s1, then s2, then nobody is left.
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 2, passiveHealth: nil))
        fixture.network.restart("s1", bootTime: .seconds(60))
        fixture.network.restart("s2", bootTime: .seconds(60))
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        #expect(request.status == 502)
        #expect(fixture.routes.hostnames == ["s1", "s2"])
        #expect(fixture.balancer.stats.forwarded == 2)
        #expect(fixture.balancer.stats.retried == 1)
        #expect(fixture.balancer.stats.unanswered == 1)
    }

    @Test func everyRetryCountedWasForwarded() {
        // Two refusing servers of three, two tries: the second try is a retry, and there is no third.
        let fixture = UpstreamFixture(configuration: .init(retries: 1, passiveHealth: nil))
        fixture.network.restart("s1", bootTime: .seconds(60))
        fixture.network.restart("s2", bootTime: .seconds(60))
        let requests = (0..<3).map { fixture.route(at: Double($0)) }
        fixture.run(until: 5)
        // Round robin: s1→s2 (refused: 502), s3 (200), s1→s2 (502).
        #expect(requests.map(\.status) == [502, 200, 502])
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3", "s1", "s2"])
        #expect(fixture.balancer.stats.retried == fixture.balancer.stats.forwarded - 3)
        #expect(fixture.balancer.stats.retried == 2)
    }
}
