import Testing

@testable import Simulator

/// A call that only remembers its name and how often it was reset.
private final class NamedCall: ResettableCall {
    let name: String
    var resets = 0
    init(_ name: String) { self.name = name }
    func reset(on network: Network) { resets += 1 }
}

/// The table does not hold its calls (their handlers do): each test holds them.
struct OpenCallsTests {
    @Test
    func slotsAreReusedAndARestartSeesTheCallsInDeliveryOrder() {
        let calls = ["a", "b", "c", "d"].map(NamedCall.init)
        var open = OpenCalls()
        let a = open.open(calls[0], number: 0)
        let b = open.open(calls[1], number: 1)
        _ = open.open(calls[2], number: 2)
        open.close(slot: a, number: 0)
        // The freed slot goes to the next call, which was delivered last.
        let d = open.open(calls[3], number: 3)
        #expect(d == a)
        #expect(open.count == 3)
        #expect(open.inDeliveryOrder.map { ($0 as! NamedCall).name } == ["b", "c", "d"])
        open.close(slot: b, number: 1)
        #expect(open.inDeliveryOrder.map { ($0 as! NamedCall).name } == ["c", "d"])
        withExtendedLifetime(calls) {}
    }

    @Test
    func aCallClosesOnlyItsOwnSlot() {
        let calls = ["first", "second", "third"].map(NamedCall.init)
        var open = OpenCalls()
        let first = open.open(calls[0], number: 7)
        open.close(slot: first, number: 7)
        let second = open.open(calls[1], number: 8)
        #expect(second == first)
        // The first call closing again (or late) leaves its slot's new occupant open.
        open.close(slot: first, number: 7)
        #expect(open.count == 1)
        #expect(open.inDeliveryOrder.map { ($0 as! NamedCall).name } == ["second"])
        // After a crash forgets every call, a call from before it closes nothing.
        open.removeAll()
        let third = open.open(calls[2], number: 9)
        open.close(slot: second, number: 8)
        open.close(slot: 5, number: 9)
        #expect(third == 0 && open.count == 1)
        open.close(slot: third, number: 9)
        #expect(open.count == 0 && open.inDeliveryOrder.isEmpty)
        withExtendedLifetime(calls) {}
    }
}
