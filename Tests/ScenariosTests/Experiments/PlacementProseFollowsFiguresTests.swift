import Testing
@testable import Scenarios
@testable import Simulator
import Reports

/// A-1 … A-4's prose chosen by the figures of the file run (checker Z, session 79: F8 … F14,
/// F16, F19; checker Y item 5): one server, one N, one placement, a tie and a small request
/// count each said as they are, counts with their nouns, the file's description labelled as the
/// file's, and the client's wait named from its one constant.
struct PlacementProseFollowsFiguresTests {
    static func report(_ yaml: String, _ path: String) throws -> String {
        let bundle = try parseExperiment(yaml).run(jobs: 1)
        let file = try #require(bundle.files.first { $0.path == path })
        return String(decoding: file.contents, as: UTF8.self)
    }

    @Test func theClientsWaitIsOneConstant() {
        #expect(DistributionRun.clientTimeout == .seconds(600))
        #expect(DistributionRun.clientTimeoutText == "600.000 s")
    }

    // MARK: A-1

    /// One server: no split to judge, no "each of the 1 server"; the description is the file's.
    @Test func a1WithOneServerSaysThereIsNoSplit() throws {
        let report = try Self.report("experiment: a1\ndescription: 3 replicas, stale\nseed: 2024\nservers: 1\nrequests: 300\n", "a1/report.md")
        #expect(report.contains("`\n- the file's description: “3 replicas, stale”\n\nPlacement: "))
        #expect(!report.contains("- setup:"))
        #expect(report.contains("\n\nWith 1 server there is no split to judge: it answered all 300 requests.\n\n"))
        #expect(report.contains("\nWith 1 server on the map there is no split: it serves every request (100.0%). Its arc is the whole circle, and all 900,000 ids land on it. Because every id"))
        #expect(report.contains(", and holds 1 server. "))
    }

    @Test func oneVirtualServerPerServerIsSingular() throws {
        let map = try ConsistentHashMap(serverCount: 3, configuration: .init(virtualServersPerServer: 1))
        #expect(HashMapExplanation(map: map).markdown.contains("The map has M = 512 slots, K = 1 virtual server per server, "))
    }

    /// 1 request over 3 servers: the uniform range is cut at what a server can serve (it read "≈ -1 … 1").
    @Test func theUniformRangeStaysWithinWhatAServerCanServe() {
        let one = BalanceStatistics(counts: [0, 1, 0])
        #expect(one.uniformRange == 0...1)
        #expect(one.markdownTable().contains(" ≈ 0 … 1 (±2σ) |") && !one.markdownTable().contains("-1"))
        // results/a1's range is inside both cuts and unchanged.
        #expect(BalanceStatistics(counts: [3_333, 3_333, 3_334]).markdownTable().contains("≈ 3,239 … 3,428 (±2σ)"))
    }

    // MARK: A-2

    /// The assignment's map at N = 6: results/a2's sentence, unchanged.
    @Test func a2sNarrowRegionSentenceIsTheCommittedOne() throws {
        let map = HashMapExplanation(map: try ConsistentHashMap(serverCount: 6))
        #expect(A2Result.regionSentence(map, servers: 6, grew: true)
            == "New servers' virtual servers land in the same narrow region as the old ones (at N = 6 all virtual servers sit in slots 26…141 of 512), while requests reach only 87 slots, most of them on the long arc that one virtual server covers.")
    }

    /// murmur3 H and Φ spread the virtual servers and reach every slot: no "narrow region", no "only".
    @Test func a2SaysWhenTheVirtualServersAreSpread() throws {
        let map = HashMapExplanation(map: try ConsistentHashMap(serverCount: 6, configuration: .init(requestHash: .murmur3, virtualServerHash: .murmur3)))
        #expect(A2Result.regionSentence(map, servers: 6, grew: true)
            == "At N = 6 the virtual servers are spread around the circle (the longest run of free slots is 46 of 512), and requests reach all 512 slots.")
    }

    /// One N: nothing compared across N (it read "82.0% at N = 4 and 82.0% at N = 4").
    @Test func a2WithOneServerCountComparesNothingAcrossN() throws {
        let report = try Self.report("experiment: a2\nseed: 2024\nservers: [4]\nrequests: 300\n", "a2/report.md")
        #expect(report.hasSuffix("## What it shows\n\nWith one server count, N = 4, nothing is compared across N: the busiest, `Server 1`, is predicted to take 82.0% of all six-digit ids, against an even share of 25.0%. "
            + "The virtual servers sit in one narrow region (slots 26…121 of 512), while requests reach only 87 slots, most of them on the long arc that one virtual server covers. "
            + "Compare the observed standard deviation with the column \"uniform std dev\" (what a fair random split would give) at N = 4.\n"))
    }

    // MARK: A-3

    /// One replica, no retries: the 25 requests that found no replica are said with the 15 failed forwards.
    @Test func a3WithOneReplicaSaysWhichLostRequestsWereNeverForwarded() throws {
        let yaml = """
            experiment: a3
            seed: 2024
            servers: 1
            operations: [rep]
            failover: {rate: 50, duration: 12s, kill: Server 1, kill_at: 4s, heartbeat_interval: 1s, heartbeat_timeout: 500ms, misses_before_down: 1, spawn_delay: 500ms, forward_timeout: 500ms, retries: 0, client_timeout: 2s}
            """
        let report = try Self.report(yaml, "a3/report.md")
        #expect(report.contains("Run in order against one balancer that starts with 1 replica; "))
        #expect(report.contains("15 forwards failed that way. No request was retried, so no latency shows the 500.000 ms wait. "
            + "Without retries, each of the 15 failed forwards lost its request; the other 25 of the 40 requests the balancer could not get answered were never forwarded: "
            + "it answered them 502 at once, because no replica was left on its map to route to (from `Server 1`'s declaration at 4.500 s until `S-y3tnz` served at 5.000 s).\n"))
    }

    // MARK: A-4

    static let a4Small = """
        experiment: a4
        seed: 2024
        servers: [2, 3, 4, 5, 6]
        requests: 60
        variants:
          - {name: jump, placement: jump}
          - {name: rendezvous, placement: rendezvous}
        """

    /// 60 requests: the uniform split's own max / mean, not "within a few percent of 1"; no
    /// default in the chart's title; the ideal is what an even placement must move.
    @Test func a4StatesWhatAUniformSplitOfItsRequestsGives() throws {
        let spec = try #require(try parseExperiment(Self.a4Small) as? A4Experiment).spec
        let result = try A4Experiment.run(spec)
        let report = result.markdown(spec: spec)
        #expect(report.contains("A value of 1 means every server got exactly the mean; a uniform random split of 60 requests would itself put its busiest server near the mean plus two standard deviations, a max / mean of about 1.258 at N = 2 to 1.577 at N = 6.\n"))
        #expect(report.contains("\"Ideal\" is what a placement that stays even must move: the new server's fair share when adding (a placement that moves less leaves the new server short of its share), the removed server's own keys when removing (no placement can move fewer)."))
        #expect(report.contains("At N = 3, the most even placement is **rendezvous** (Jain 0.995) and the least even is **jump** (Jain 0.868, where 1/N = 0.333 would mean everything on one server).\n"))
        #expect(result.sideBySide().title == "A-1 by placement at N = 3 (same scale)")
    }

    @Test func a4WithOnePlacementRanksNothing() throws {
        let spec = try #require(try parseExperiment("experiment: a4\nseed: 2024\nservers: [5]\nrequests: 1000\nvariants:\n  - {name: only ring, placement: {ring: {virtual_nodes: 10}}}\n") as? A4Experiment).spec
        let result = try A4Experiment.run(spec)
        #expect(result.markdown(spec: spec).hasSuffix("With one placement there is nothing to rank: at N = 5 **only ring** reads Jain 0.870 (1 is an even split and 1/N = 0.200 would mean everything on one server).\n\n"))
        #expect(result.sideBySide().title == "A-1 by placement at N = 5")
    }

    /// N = 1: every placement reads Jain 1, and "1/N = 1.000 would mean everything on one server" is no ranking.
    @Test func a4AtOneServerRanksNothing() throws {
        let spec = try #require(try parseExperiment("experiment: a4\nseed: 2024\nservers: 1\nrequests: 100\nvariants:\n  - {name: dflt, map: {request_hash: assignment, virtual_server_hash: assignment}}\n  - {name: mag, placement: maglev}\n") as? A4Experiment).spec
        let result = try A4Experiment.run(spec)
        #expect(result.markdown(spec: spec).hasSuffix("At N = 1 every placement sends every request to the one server, so there is no evenness to rank.\n\n"))
        #expect(result.sideBySide().title == "A-1 with the default H and Φ and with alternatives (same scale)")
    }
}
