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
    /// A call open in a slot, not counted (see ``OpenCalls``).
    private struct Open {
        unowned(unsafe) let call: any ResettableCall
    }

    /// The call open in each slot, nil once closed.
    private var calls: [Open?] = []
    /// The delivery number of the call in each slot (kept apart, so that closing compares it
    /// without copying the call out).
    private var numbers: [UInt64] = []
    private var freeSlots: [Int32] = []

    /// Calls open now.
    private(set) var count = 0

    /// Opens `call`, delivered as the node's `number`th call; returns its slot.
    mutating func open(_ call: any ResettableCall, number: UInt64) -> Int32 {
        count += 1
        if let slot = freeSlots.popLast() {
            numbers[Int(slot)] = number
            calls[Int(slot)] = Open(call: call)
            return slot
        }
        numbers.append(number)
        calls.append(Open(call: call))
        return Int32(calls.count - 1)
    }

    /// Closes the call delivered as `number` in `slot`, if it is still open there.
    mutating func close(slot: Int32, number: UInt64) {
        let index = Int(slot)
        guard index >= 0, index < calls.count, numbers[index] == number, calls[index] != nil else { return }
        calls[index] = nil
        freeSlots.append(slot)
        count -= 1
    }

    /// The open calls, in the order they were delivered.
    var inDeliveryOrder: [any ResettableCall] {
        calls.indices.filter { calls[$0] != nil }.sorted { numbers[$0] < numbers[$1] }.map { calls[$0]!.call }
    }

    /// Forgets every call (their process is gone).
    mutating func removeAll() {
        calls.removeAll()
        numbers.removeAll()
        freeSlots.removeAll()
        count = 0
    }
}
