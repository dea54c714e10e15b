import Testing

@testable import Simulator

/// A call that only remembers its name and how often it was reset.
private final class NamedCall: ResettableCall {
    let name: String
    var resets = 0
    init(_ name: String) { self.name = name }
    func reset(on network: Network) { resets += 1 }
}

struct OpenCallsTests {
    @Test
    func slotsAreReusedAndARestartSeesTheCallsInDeliveryOrder() {
        var open = OpenCalls()
        let a = open.open(NamedCall("a"), number: 0)
        let b = open.open(NamedCall("b"), number: 1)
        _ = open.open(NamedCall("c"), number: 2)
        open.close(slot: a, number: 0)
        // The freed slot goes to the next call, which was delivered last.
        let d = open.open(NamedCall("d"), number: 3)
        #expect(d == a)
        #expect(open.count == 3)
        #expect(open.inDeliveryOrder.map { ($0 as! NamedCall).name } == ["b", "c", "d"])
        open.close(slot: b, number: 1)
        #expect(open.inDeliveryOrder.map { ($0 as! NamedCall).name } == ["c", "d"])
    }

    @Test
    func aCallClosesOnlyItsOwnSlot() {
        var open = OpenCalls()
        let first = open.open(NamedCall("first"), number: 7)
        open.close(slot: first, number: 7)
        let second = open.open(NamedCall("second"), number: 8)
        #expect(second == first)
        // The first call closing again (or late) leaves its slot's new occupant open.
        open.close(slot: first, number: 7)
        #expect(open.count == 1)
        #expect(open.inDeliveryOrder.map { ($0 as! NamedCall).name } == ["second"])
        // After a crash forgets every call, a call from before it closes nothing.
        open.removeAll()
        let third = open.open(NamedCall("third"), number: 9)
        open.close(slot: second, number: 8)
        open.close(slot: 5, number: 9)
        #expect(third == 0 && open.count == 1)
        open.close(slot: third, number: 9)
        #expect(open.count == 0 && open.inDeliveryOrder.isEmpty)
    }
}
