import PropertyBased

/// Inputs shared by the placement property checks.
enum PlacementGen {
    /// Two to twelve distinct node ids, in generation order.
    static var nodeIDs: Generator<[Int], some SendableSequenceType> {
        Gen.int(in: 1...100_000).array(of: 2...12).map { ids in
            ids.reduce(into: [Int]()) { distinct, id in
                if !distinct.contains(id) { distinct.append(id) }
            }
        }
    }

    /// A thousand consecutive keys from a random start: consecutive ids are the hard case for a
    /// placement, and the start moves them anywhere in 64 bits.
    static var keys: Generator<[UInt64], some SendableSequenceType> {
        Gen.uint64().map { start in (0..<1_000).map { start &+ UInt64($0) } }
    }

    /// A number to pick one element of a generated collection with `% count`.
    static var pick: Generator<Int, some SendableSequenceType> {
        Gen.int(in: 0...1_000)
    }
}
