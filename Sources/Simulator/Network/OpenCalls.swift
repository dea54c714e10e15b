/// The calls a node is handling right now, each in a slot of its own: opening and closing one
/// costs no hashing, and a restart resets them in delivery order.
///
/// A slot is reused once its call has closed, so a call closes its slot by slot and delivery
/// number: a call that outlived a crash (which forgets every slot) cannot close its successor's.
struct OpenCalls {
    private var slots: [(number: UInt64, call: any ResettableCall)?] = []
    private var freeSlots: [Int32] = []

    /// Calls open now.
    private(set) var count = 0

    /// Opens `call`, delivered as the node's `number`th call; returns its slot.
    mutating func open(_ call: any ResettableCall, number: UInt64) -> Int32 {
        count += 1
        if let slot = freeSlots.popLast() {
            slots[Int(slot)] = (number, call)
            return slot
        }
        slots.append((number, call))
        return Int32(slots.count - 1)
    }

    /// Closes the call delivered as `number` in `slot`, if it is still open there.
    mutating func close(slot: Int32, number: UInt64) {
        let index = Int(slot)
        guard index >= 0, index < slots.count, let open = slots[index], open.number == number else { return }
        slots[index] = nil
        freeSlots.append(slot)
        count -= 1
    }

    /// The open calls, in the order they were delivered.
    var inDeliveryOrder: [any ResettableCall] {
        slots.compactMap { $0 }.sorted { $0.number < $1.number }.map(\.call)
    }

    /// Forgets every call (their process is gone).
    mutating func removeAll() {
        slots.removeAll()
        freeSlots.removeAll()
        count = 0
    }
}
