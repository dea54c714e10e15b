import Simulator
import Testing

@testable import Scenarios

struct RequestHashReachabilityTests {
    /// The facts derived for `H` over the six-digit ids on an empty map of `slotCount` slots.
    static func reachability(
        _ requestHash: RequestHash,
        slotCount: Int = 512,
        requestIDs: ClosedRange<UInt64> = 100_000...999_999
    ) throws -> RequestHashReachability {
        let map = try ConsistentHashMap(configuration: .init(slotCount: slotCount, requestHash: requestHash))
        let histogram = RequestSlotHistogram(map: map, requestIDs: requestIDs)
        return RequestHashReachability(
            requestHash: requestHash, slotCount: slotCount, reachableSlots: histogram.reachableSlots)
    }

    @Test
    func theAssignmentsHashIsASquareShiftedBy16AndReachesAll87Squares() throws {
        let facts = try Self.reachability(.assignment)
        #expect(facts.reachableSlotCount == 87)
        let square = try #require(facts.completedSquare)
        #expect(square.offset == 1)
        #expect(square.constant == 16)
        #expect(square.shift == 16)
        #expect(square.squareCount == 87)
        #expect(square.reachesEveryShiftedSquare)
        // Squares modulo 16 are 0, 1, 4, 9; shifted by 16 they stay the same classes.
        #expect(facts.residueClasses.map(\.modulus) == [2, 4, 8, 16])
        #expect(facts.restrictedResidueClasses.map(\.reached) == [[0, 1], [0, 1, 4], [0, 1, 4, 9]])
    }

    @Test
    func aNegativeConstantShiftsByItsResidue() throws {
        // i² + 10i + 1 = (i + 5)² − 24, and −24 ≡ 488 (mod 512).
        let square = try #require(try Self.reachability(.polynomial(iSquared: 1, i: 10, constant: 1)).completedSquare)
        #expect(square.offset == 5)
        #expect(square.constant == -24)
        #expect(square.shift == 488)
    }

    @Test
    func fewIDsReachOnlySomeOfTheShiftedSquares() throws {
        // H(0 … 3) = 17, 20, 25, 32: four of the 87.
        let facts = try Self.reachability(.assignment, requestIDs: 0...3)
        let square = try #require(facts.completedSquare)
        #expect(facts.reachableSlotCount == 4)
        #expect(!square.reachesEveryShiftedSquare)
    }

    @Test
    func evenCoefficientsGiveSlotsOfOneParity() throws {
        // 2i² + 4i + 17 is odd for every i, and 512 is even, so every slot is odd.
        let facts = try Self.reachability(.polynomial(iSquared: 2, i: 4, constant: 17))
        #expect(facts.completedSquare == nil)
        #expect(facts.residueClasses.first == .init(modulus: 2, reached: [1]))
    }

    @Test
    func anOddLinearCoefficientHasNoCompletedSquare() throws {
        let facts = try Self.reachability(.polynomial(iSquared: 1, i: 3, constant: 17))
        #expect(facts.completedSquare == nil)
        // i² + 3i = i(i + 3) is always even, so i² + 3i + 17 is always odd.
        #expect(facts.residueClasses.first == .init(modulus: 2, reached: [1]))
        #expect(facts.reachableSlotCount == 256)
    }

    @Test(arguments: [RequestHash.murmur3, .fnv1a])
    func realHashesReachEveryResidueClass(requestHash: RequestHash) throws {
        let facts = try Self.reachability(requestHash)
        #expect(facts.completedSquare == nil)
        #expect(facts.reachableSlotCount == 512)
        #expect(facts.restrictedResidueClasses.isEmpty)
    }

    @Test
    func slotCountsThatAreNotPowersOfTwoCheckTheirOwnDivisors() throws {
        let facts = try Self.reachability(.assignment, slotCount: 1_000)
        #expect(facts.residueClasses.map(\.modulus) == [2, 4, 5, 8, 10])
        let square = try #require(facts.completedSquare)
        #expect(square.squareCount == 159)
        #expect(square.reachesEveryShiftedSquare)
        #expect(try Self.reachability(.assignment, slotCount: 509).residueClasses.isEmpty)
    }

    @Test
    func wrappedArithmeticIsNotMistakenForASquare() throws {
        // Above 2³² the square wraps modulo 2⁶⁴, which 1,000 does not divide: the slots are no
        // longer shifted squares modulo 1,000, and the check must notice.
        let ids: ClosedRange<UInt64> = 5_000_000_000...5_000_099_999
        let facts = try Self.reachability(.assignment, slotCount: 1_000, requestIDs: ids)
        #expect(facts.completedSquare == nil)
        let map = try ConsistentHashMap(
            serverCount: 2, configuration: .init(slotCount: 1_000, requestHash: .assignment))
        let text = HashMapExplanation(map: map, requestIDs: ids).markdown
        #expect(text.contains("is a square shifted by a constant, but it is evaluated in wrapping 64-bit arithmetic"))
    }
}
