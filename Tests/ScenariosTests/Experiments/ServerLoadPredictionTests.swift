import Simulator
import Testing

@testable import Scenarios

struct ServerLoadPredictionTests {
    /// Eight slots; H(i) = i puts id i on slot i mod 8, and Φ(i, j) = 2i puts servers 1, 2, 3 on
    /// slots 2, 4 and 6, so the arcs are 7–2, 3–4 and 5–6.
    static func smallMap() throws -> ConsistentHashMap {
        try ConsistentHashMap(
            serverCount: 3,
            configuration: .init(
                slotCount: 8,
                virtualServersPerServer: 1,
                requestHash: .polynomial(iSquared: 0, i: 1, constant: 0),
                virtualServerHash: .polynomial(iSquared: 0, i: 2, jSquared: 0, j: 0, constant: 0)))
    }

    @Test
    func slotWeightsCountEveryIDOfTheRange() throws {
        // Ids 0 … 9 land on 0 … 7, 0, 1.
        let histogram = RequestSlotHistogram(map: try Self.smallMap(), requestIDs: 0...9)
        #expect(histogram.requestsPerSlot == [2, 2, 1, 1, 1, 1, 1, 1])
        #expect(histogram.reachableSlots == Array(0..<8))
        #expect(histogram.requestCount == 10)
        #expect(histogram.requestCount(onSlots: [0, 1, 7]) == 5)
    }

    @Test
    func eachServerIsPredictedTheIDsOnTheReachableSlotsOfItsArc() throws {
        let map = try Self.smallMap()
        // Ids 2 … 5 reach slots 2 … 5 only: one id each.
        let histogram = RequestSlotHistogram(map: map, requestIDs: 2...5)
        let predictions = ServerLoadPrediction.predictions(map: map, histogram: histogram)
        #expect(predictions.map(\.server.hostname) == ["Server 1", "Server 2", "Server 3"])
        #expect(predictions.map(\.arcSlots) == [[0, 1, 2, 7], [3, 4], [5, 6]])
        #expect(predictions.map(\.reachableSlots) == [[2], [3, 4], [5]])
        #expect(predictions.map(\.requestCount) == [1, 2, 1])
        #expect(predictions.map(\.share) == [0.25, 0.5, 0.25])
        #expect(predictions.map(\.arcShare) == [0.5, 0.25, 0.25])
        #expect(predictions[1].placements == [
            .init(virtualServer: .init(serverID: 2, index: 0), homeSlot: 4, slot: 4, probes: 0),
        ])
    }
}
