import Testing

@testable import Simulator

/// Nodes order by their names' UTF-8 bytes, as they are equal by them: 'Å' as U+00C5 and as 'A'
/// U+030A are two nodes, one before the other (`String`'s `<` held them one text, so neither came
/// first though they were unequal).
struct NodeIDOrderTests {
    @Test func canonicallyEquivalentNamesAreTwoNodesInOneOrder() {
        let composed = NodeID("\u{C5}"), decomposed = NodeID("A\u{30A}")
        #expect(composed.name == decomposed.name) // one text to `String`
        #expect(composed != decomposed)
        #expect(decomposed < composed) // 0x41 before 0xC3
        #expect(!(composed < decomposed))
        #expect(Set([composed, decomposed]).count == 2)
        #expect([composed, decomposed, NodeID("B"), NodeID("A")].sorted().map { Array($0.name.unicodeScalars) }
            == [["A"], ["A", "\u{30A}"], ["B"], ["\u{C5}"]])
    }

    /// ASCII names sort as `String` sorts them, so every committed result keeps its order; any
    /// two names are ordered exactly one way, or equal.
    @Test func asciiNamesSortAsStringsDoAndTheOrderIsTotal() {
        let names = ["s1", "s10", "s2", "client-1", "client-10", "Client", "balancer", "", "a", "ab", "b", "worker-3", "z\u{E9}", "ze\u{301}", "\u{1F600}"]
        for a in names {
            for b in names {
                let (x, y) = (NodeID(a), NodeID(b))
                if a.utf8.allSatisfy({ $0 < 0x80 }) && b.utf8.allSatisfy({ $0 < 0x80 }) { #expect((x < y) == (a < b)) }
                #expect([x < y, y < x, x == y].filter { $0 }.count == 1)
                #expect((x == y) == a.utf8.elementsEqual(b.utf8))
            }
        }
    }
}
