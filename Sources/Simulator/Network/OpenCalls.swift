/// The calls a node is handling right now, each in a slot of its own: opening and closing one
/// costs no hashing, and a restart resets them in delivery order.
///
/// A slot is reused once its call has closed, so a call closes its slot by slot and delivery
/// number: a call that outlived a crash (which forgets every slot) cannot close its successor's.
///
/// The table does not count its calls (counted, it cost an atomic increment when a call was
/// delivered and a decrement when it answered: two of each for a balanced request). A call is
/// open from its delivery until it sends its answer or its node crashes, and all that time
/// something else holds it: the task running its handler; or its ready-queue step, its server's
/// queue or its own pending timer (service, hang — even a hang for good sets one —, or the
/// answer's way back), which the call counts; or the balancer's record of the request
/// (``BalancedRequest``), held by its forward's waiting step; or, on a paused node, the closure
/// that resumes it. A crash forgets every slot before its observers drop a server's queue (whose
/// calls are then turned away in steps that hold them), and a restart reads the open calls
/// before the crash. Closing compares numbers only: it never reads a call.
struct OpenCalls {
    /// A slot: the call open in it (not counted, see ``OpenCalls``; kept, unread, once closed)
    /// and its delivery number. One array for both, so that opening a slot and closing it each
    /// check one array's storage for uniqueness rather than two.
    private struct Slot {
        unowned(unsafe) var call: any ResettableCall
        var number: UInt64
        var isOpen: Bool
    }

    private var slots: [Slot] = []
    private var freeSlots: [Int32] = []

    /// Calls open now.
    private(set) var count = 0

    /// Opens `call`, delivered as the node's `number`th call; returns its slot.
    mutating func open(_ call: any ResettableCall, number: UInt64) -> Int32 {
        count += 1
        if let slot = freeSlots.popLast() {
            slots[Int(slot)] = Slot(call: call, number: number, isOpen: true)
            return slot
        }
        slots.append(Slot(call: call, number: number, isOpen: true))
        return Int32(slots.count - 1)
    }

    /// Closes the call delivered as `number` in `slot`, if it is still open there.
    mutating func close(slot: Int32, number: UInt64) {
        let index = Int(slot)
        guard index >= 0, index < slots.count, slots[index].isOpen, slots[index].number == number else { return }
        slots[index].isOpen = false
        freeSlots.append(slot)
        count -= 1
    }

    /// The open calls, in the order they were delivered.
    var inDeliveryOrder: [any ResettableCall] {
        slots.filter(\.isOpen).sorted { $0.number < $1.number }.map(\.call)
    }

    /// Forgets every call (their process is gone).
    mutating func removeAll() {
        slots.removeAll()
        freeSlots.removeAll()
        count = 0
    }
}
