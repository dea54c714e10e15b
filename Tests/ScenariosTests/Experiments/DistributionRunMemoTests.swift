import Testing
@testable import Scenarios
@testable import Simulator

/// `DistributionRun.run` hands back a run already made in the process with the same arguments, and
/// `RequestSlotHistogram` one already counted: these pin that what comes back is what simulating
/// or counting again gives, and that no argument is left out of what identifies a run.
struct DistributionRunMemoTests {
    private static func run(_ placement: PlacementSpec = .ring(virtualNodes: 7), servers: Int = 3, requests: Int = 300,
                            server: ServerConfiguration = ServerConfiguration(), seed: UInt64 = 71) throws -> DistributionRun {
        try DistributionRun.run(placement: placement, servers: servers, requests: requests, server: server, seed: seed)
    }

    private static func summary(_ run: DistributionRun) -> String {
        "\(run.digest) \(run.counts.map { "\($0.hostname)=\($0.requests)" }) \(run.failed) \(run.makespan)"
    }

    @Test func aRunMadeAgainIsTheRunSimulatedAgain() throws {
        let first = try Self.run(), again = try Self.run()
        let simulated = try DistributionRun.simulate(placement: .ring(virtualNodes: 7), servers: 3, requests: 300, server: ServerConfiguration(), seed: 71)
        #expect(Self.summary(first) == Self.summary(simulated))
        #expect(Self.summary(again) == Self.summary(simulated))
    }

    @Test func aRunAfterTheMemoIsEmptiedIsTheSame() throws {
        let first = Self.summary(try Self.run(seed: 73))
        DistributionRun.forgetMadeRuns()
        #expect(Self.summary(try Self.run(seed: 73)) == first)
    }

    @Test func everyArgumentTellsRunsApart() throws {
        let base = Self.summary(try Self.run())
        let others = [
            try Self.run(.ring(virtualNodes: 8)), try Self.run(.rendezvous), try Self.run(servers: 4), try Self.run(requests: 301),
            try Self.run(server: ServerConfiguration(slots: 2)), try Self.run(seed: 72),
        ].map(Self.summary)
        #expect(others.allSatisfy { $0 != base })
        #expect(Set(others).count == others.count)
    }

    @Test func aHistogramCountedAgainIsTheSame() {
        let ids: ClosedRange<UInt64> = 100_000...120_000
        let first = RequestSlotHistogram(configuration: .assignment, requestIDs: ids)
        let again = RequestSlotHistogram(configuration: .assignment, requestIDs: ids)
        let wider = RequestSlotHistogram(configuration: .assignment, requestIDs: 100_000...120_001)
        #expect(first == again)
        #expect(first.requestCount == 20_001 && first.requestsPerSlot.reduce(0, +) == 20_001)
        #expect(wider.requestCount == 20_002 && wider.requestsPerSlot.reduce(0, +) == 20_002)
    }
}
