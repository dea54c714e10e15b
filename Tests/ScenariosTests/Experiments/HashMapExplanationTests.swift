import Simulator
import Testing

@testable import Scenarios

struct HashMapExplanationTests {
    /// Ids landing on each server of the assignment's map for N = 2 … 6, servers in id order,
    /// cross-checked with an independent Python transcription of the assignment.
    static let assignmentRequestCounts: [(serverCount: Int, counts: [Int])] = [
        (2, [857_813, 42_187]),
        (3, [759_374, 42_187, 98_439]),
        (4, [738_282, 42_187, 91_407, 28_124]),
        (5, [717_187, 28_125, 84_376, 28_124, 42_188]),
        (6, [710_155, 28_125, 84_376, 28_124, 42_188, 7_032]),
    ]

    @Test(arguments: assignmentRequestCounts)
    func assignmentDefaultsPredictTheExactShareOfEveryServer(serverCount: Int, counts: [Int]) throws {
        let explanation = HashMapExplanation(map: try ConsistentHashMap(serverCount: serverCount))
        #expect(explanation.reachableSlots == 87)
        #expect(explanation.servers.map(\.requestCount) == counts)
        #expect(explanation.predictedShare.map(\.hostname) == (1...serverCount).map { "Server \($0)" })
        #expect(explanation.predictedShare.map(\.share) == counts.map { Double($0) / 900_000 })
        #expect(explanation.uniformShare == 1 / Double(serverCount))
        #expect(explanation.predictedBalance.counts == counts)
    }

    @Test
    func threeServersSplitTheCircleAndTheReachableSlotsAsCounted() throws {
        let explanation = HashMapExplanation(map: try ConsistentHashMap(serverCount: 3))
        #expect(explanation.servers.map(\.arcSlots.count) == [457, 22, 33])
        #expect(explanation.servers.map(\.reachableSlots.count) == [78, 2, 7])
        #expect(explanation.servers[1].reachableSlots == [32, 52])
        #expect(explanation.occupiedSlots.count == 27)
        let stretch = try #require(explanation.longestFreeStretch)
        #expect(stretch.slots.count == 423)
        #expect(stretch.slots.first == 115)
        #expect(stretch.slots.last == 25)
        #expect(stretch.servedBy.slot == 26)
        #expect(stretch.servedBy.virtualServer == .init(serverID: 1, index: 0))
    }

    @Test(arguments: 2...6)
    func arcsPartitionTheCircleAndPredictionsPartitionTheIDs(serverCount: Int) throws {
        let explanation = HashMapExplanation(map: try ConsistentHashMap(serverCount: serverCount))
        #expect(explanation.servers.flatMap(\.arcSlots).sorted() == Array(0..<512))
        #expect(explanation.servers.flatMap(\.reachableSlots).sorted() == explanation.histogram.reachableSlots)
        #expect(explanation.servers.map(\.requestCount).reduce(0, +) == 900_000)
    }

    @Test
    func assignmentTextCompletesTheSquareAndCountsTheSquaresModulo512() throws {
        let text = HashMapExplanation(map: try ConsistentHashMap(serverCount: 3)).markdown
        #expect(text.contains(
            "H(i) = i² + 2i + 17 = (i + 1)² + 16, so request i lands on slot ((i + 1)² + 16) mod 512: "
                + "one of the squares modulo 512, shifted by 16."))
        #expect(text.contains("Only 87 of the 512 residues are squares modulo 512"))
        #expect(text.contains("requests reach exactly these 87 slots and no other"))
        #expect(text.contains("land on only 87 of the 512 slots (17.0%)"))
        #expect(text.contains("modulo 4 only classes 0 and 1 (2 of 4)"))
        #expect(text.contains("| Server 3 |   3 | 35, 38, 42, 49, 58, 69, 82, 97, 114 | "
            + "j = 0 wanted 34, got 35 (1 probe); j = 1 wanted 37, got 38 (1 probe) |"))
        #expect(text.contains("| Server 1 |         457 |           89.3% |                     78 |     759,374 |"))
        #expect(text.contains("The map predicts Server 1 84.4%, Server 3 10.9% and Server 2 4.7%"))
    }

    @Test
    func aPlainSquarePlusAConstantIsNotRewritten() throws {
        let map = try ConsistentHashMap(
            serverCount: 1, configuration: .init(requestHash: .polynomial(iSquared: 1, i: 0, constant: 0)))
        let text = HashMapExplanation(map: map).markdown
        #expect(text.contains(
            "H(i) = i², so request i lands on slot i² mod 512: one of the squares modulo 512, shifted by 0."))
        #expect(text.contains("The map's 1 server holds 9 virtual servers, on 1.8% of the 512 slots."))
        #expect(text.contains("With 1 server on the map there is no split: it serves every request (100.0%). Its arc is the whole circle, and all 900,000 ids land on it."))
    }

    @Test
    func murmur3TextClaimsNoSquaresAndFindsEverySlotReachable() throws {
        let map = try ConsistentHashMap(serverCount: 3, configuration: .init(requestHash: .murmur3))
        let explanation = HashMapExplanation(map: map)
        #expect(explanation.reachability.completedSquare == nil)
        #expect(explanation.reachableSlots == map.reachableSlots(forRequestIDs: 100_000...999_999).count)
        #expect(explanation.reachability.restrictedResidueClasses.isEmpty)
        let text = explanation.markdown
        #expect(!text.lowercased().contains("square"))
        #expect(text.contains("H(i) = murmur3(i) is a general-purpose hash"))
        #expect(text.contains("every residue class modulo 2, 4, 8 and 16"))
    }

    @Test
    func reachableSlotsAgreeWithTheMapsOwnIntrospection() throws {
        for requestHash in [RequestHash.assignment, .murmur3, .fnv1a, .polynomial(iSquared: 2, i: 4, constant: 17)] {
            let map = try ConsistentHashMap(serverCount: 3, configuration: .init(requestHash: requestHash))
            let explanation = HashMapExplanation(map: map, requestIDs: 100_000...199_999)
            #expect(explanation.histogram.reachableSlots == map.reachableSlots(forRequestIDs: 100_000...199_999))
        }
    }

    @Test
    func anEmptyMapExplainsTheSlotsButPredictsNothing() throws {
        let explanation = HashMapExplanation(map: try ConsistentHashMap())
        #expect(explanation.reachableSlots == 87)
        #expect(explanation.servers.isEmpty)
        #expect(explanation.predictedShare.isEmpty)
        #expect(explanation.uniformShare == 0)
        #expect(explanation.longestFreeStretch == nil)
        let text = explanation.markdown
        #expect(text.contains("No servers are on the map"))
        #expect(text.contains("With no servers on the map there is no split to predict."))
    }

    @Test
    func theTextIsTheSameBytesEveryTimeAndNestsUnderAnyHeading() throws {
        let first = HashMapExplanation(map: try ConsistentHashMap(serverCount: 5))
        let second = HashMapExplanation(map: try ConsistentHashMap(serverCount: 5))
        #expect(first == second)
        #expect(first.markdown == second.markdown)
        #expect(first.markdown.hasPrefix("## Why the requests split this way\n"))
        let nested = first.markdown(headingLevel: 3)
        #expect(nested.hasPrefix("### Why the requests split this way\n"))
        #expect(nested.contains("\n#### Who owns the reachable slots\n"))
        #expect(nested.hasSuffix("\n"))
    }
}
