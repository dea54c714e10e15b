import Testing

@testable import Simulator

/// The contract every placement keeps, checked for each algorithm behind `KeyPlacement`.
struct KeyPlacementTests {
    enum Algorithm: String, CaseIterable, Sendable {
        case assignmentMap, ring, jump, maglev, rendezvous, boundedLoads

        func makeEmpty() throws -> any KeyPlacement {
            switch self {
            case .assignmentMap: return try ConsistentHashMap()
            case .ring: return try HashRing()
            case .jump: return try JumpHashPlacement()
            case .maglev: return try MaglevTable(tableSize: 1_009)
            case .rendezvous: return try RendezvousHash()
            case .boundedLoads: return try BoundedLoadRing()
            }
        }
    }

    @Test(arguments: Algorithm.allCases)
    func anEmptyPlacementPlacesNoKey(algorithm: Algorithm) throws {
        let placement = try algorithm.makeEmpty()
        #expect(placement.nodes.isEmpty)
        #expect(placement.node(for: 0) == nil)
        #expect(placement.node(for: 123_456) == nil)
    }

    @Test(arguments: Algorithm.allCases)
    func everyKeyGoesToAPresentNode(algorithm: Algorithm) throws {
        var placement = try algorithm.makeEmpty()
        for node in [3, 1, 4] {
            try placement.add(node: node)
        }
        #expect(placement.nodes == [3, 1, 4])
        for key in UInt64(100_000)..<100_300 {
            #expect([3, 1, 4].contains(try #require(placement.node(for: key))))
        }
        try placement.remove(node: 1)
        #expect(Set(placement.nodes) == [3, 4])
        for key in UInt64(100_000)..<100_300 {
            #expect([3, 4].contains(try #require(placement.node(for: key))))
        }
    }

    @Test(arguments: Algorithm.allCases)
    func addingAPresentNodeIsRejectedAndChangesNothing(algorithm: Algorithm) throws {
        var placement = try algorithm.makeEmpty()
        try placement.add(node: 8)
        #expect(throws: PlacementError.duplicateNode(8)) { try placement.add(node: 8) }
        #expect(placement.nodes == [8])
    }

    @Test(arguments: Algorithm.allCases)
    func removingAnAbsentNodeIsRejectedAndChangesNothing(algorithm: Algorithm) throws {
        var placement = try algorithm.makeEmpty()
        try placement.add(node: 8)
        #expect(throws: PlacementError.unknownNode(9)) { try placement.remove(node: 9) }
        #expect(placement.nodes == [8])
    }

    @Test(arguments: Algorithm.allCases)
    func lookupsAreDeterministic(algorithm: Algorithm) throws {
        var first = try algorithm.makeEmpty()
        var second = try algorithm.makeEmpty()
        for node in 1...5 {
            try first.add(node: node)
            try second.add(node: node)
        }
        for key in UInt64(0)..<500 {
            #expect(first.node(for: key) == second.node(for: key))
        }
    }
}
