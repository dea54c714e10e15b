/// The executor's ready queue: a first-in, first-out ring of ``ReadyItem``s.
///
/// Every item is plain data (an unowned job, a continuation, an uncounted ``WakeUp``), so the
/// ring is a buffer managed by hand: appending and popping copy a few words and touch no reference
/// count, where a `Deque` checked its storage for uniqueness and went through its generic
/// handle at every event. It allocates only when it grows (doubling), and never shrinks.
///
/// Noncopyable, so that the one executor that owns it is the one that frees it.
struct ReadyQueue: ~Copyable {
    private var items: UnsafeMutablePointer<ReadyItem>
    /// A power of two, so that a position wraps with a mask.
    private var capacity: Int
    private var head = 0
    private(set) var count = 0

    init() {
        capacity = 64
        items = .allocate(capacity: capacity)
    }

    deinit {
        items.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Queues `item` behind every item queued before it.
    @inline(__always)
    mutating func append(_ item: ReadyItem) {
        if count == capacity { grow() }
        item.prefetchTarget()
        (items + ((head &+ count) & (capacity &- 1))).initialize(to: item)
        count &+= 1
    }

    /// Takes the item queued first, if any.
    @inline(__always)
    mutating func popFirst() -> ReadyItem? {
        guard count > 0 else { return nil }
        let item = (items + head).move()
        head = (head &+ 1) & (capacity &- 1)
        count &-= 1
        return item
    }

    /// Doubles the ring, its items moved to the front of the new one in queue order.
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<ReadyItem>.allocate(capacity: capacity * 2)
        let first = capacity - head
        (bigger).moveInitialize(from: items + head, count: first)
        (bigger + first).moveInitialize(from: items, count: head)
        items.deallocate()
        items = bigger
        head = 0
        capacity *= 2
    }
}
