/// The calls a node is handling right now, each in a slot of its own: opening and closing one
/// costs no hashing, and a restart resets them in delivery order.
///
/// A slot is reused once its call has closed, so a call closes its slot by slot and delivery
/// number: a call that outlived a crash (which forgets every slot) cannot close its successor's.
struct OpenCalls {
    /// The call open in each slot, nil once closed.
    private var calls: [(any ResettableCall)?] = []
    /// The delivery number of the call in each slot (kept apart, so that closing compares it
    /// without copying the call out).
    private var numbers: [UInt64] = []
    private var freeSlots: [Int32] = []

    /// Calls open now.
    private(set) var count = 0

    /// Opens `call`, delivered as the node's `number`th call; returns its slot.
    mutating func open(_ call: consuming any ResettableCall, number: UInt64) -> Int32 {
        count += 1
        if let slot = freeSlots.popLast() {
            numbers[Int(slot)] = number
            calls[Int(slot)] = consume call
            return slot
        }
        numbers.append(number)
        calls.append(consume call)
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
        calls.indices.filter { calls[$0] != nil }.sorted { numbers[$0] < numbers[$1] }.map { calls[$0]! }
    }

    /// Forgets every call (their process is gone).
    mutating func removeAll() {
        calls.removeAll()
        numbers.removeAll()
        freeSlots.removeAll()
        count = 0
    }
}
