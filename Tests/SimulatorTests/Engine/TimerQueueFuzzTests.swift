// FUZZ-TEST-ONLY-BEGIN … END: the tests and the actions' probes. What follows END, the model
// check itself, also compiles on its own against stand-ins for the actions, for long optimized
// runs outside the package.
import Foundation
import Testing
@testable import Simulator

/// A randomized model check of ``TimerQueue`` with every part of it small, so that every path
/// is taken thousands of times: a sequence limit of 24 or a few times the timers pending (it
/// renumbers every few dozen timers set, or at every one), a far delay of 0 to 1,000 ns, far
/// buckets of 2^2 … 2^7 ns and a ring of 64 of them, so that far timers wait in the far heap, in
/// the ring and past it, and start the buckets again. Plain, cancellable and laned timers (more
/// durations than lanes, some of them far) are set near, far, in the ring and past it, in bursts
/// that grow the slots; they are cancelled by both calls, from wherever they wait, also between
/// a pop and its action; stale handles are cancelled; time moves with the pops and without them
/// (a run that stops at an instant); the queue is emptied now and then, visiting its actions or
/// not. After every operation the queue's bookkeeping is checked whole
/// (``TimerQueue/invariantViolations()``, the far ring's live count among it), and every pop
/// against a sorted list of the pending timers.
///
/// Written after a benchmark process spun for ten minutes in the ring's bitmap walk, its ring
/// counting a live timer it did not hold. Compiled with -O outside the package, the same check
/// ran 40.4 million operations over 420 seeds, each checked; 5 million with the engine's own
/// queue (a far delay of a second, a ring of 1,024 buckets of 2^28 ns); 5.8 million with up to
/// 12,000 timers pending, checked every 100 to 2,000 operations; and 200,000 under the address
/// sanitizer: no contradiction, no pop out of order. A ring that skips counting one cancelled
/// timer out stops in its walk at once. The committed runs take a few seconds;
/// `ORRERY_TIMER_FUZZ_SEEDS` runs more seeds.
struct TimerQueueFuzzTests {
    /// The committed runs: seeds × operations, every operation checked.
    static let seeds: [UInt64] = Array(1...10)

    @Test(arguments: seeds) func everyOperationKeepsTheBookkeepingAndEveryPopIsTheEarliest(seed: UInt64) {
        var fuzz = TimerQueueFuzz(seed: seed)
        fuzz.run(operations: 3_000, checkEvery: 1)
        for failure in fuzz.failures.prefix(5) { Issue.record("seed \(seed): \(failure)") }
        #expect(fuzz.failures.isEmpty)
        #expect(fuzz.pops > 500 && fuzz.cancels > 200)
        #expect(fuzz.queue.renumberings > 5 || fuzz.queue.sequenceLimit == 1 << 20)
    }

    /// Thousands of timers pending, checked every few hundred operations.
    @Test func manyPendingTimersKeepTheBookkeeping() {
        var fuzz = TimerQueueFuzz(seed: 99, crowd: 3_000)
        fuzz.run(operations: 30_000, checkEvery: 500)
        for failure in fuzz.failures.prefix(5) { Issue.record("\(failure)") }
        #expect(fuzz.failures.isEmpty)
        #expect(fuzz.mostPending > 2_000)
    }

    /// More seeds, when `ORRERY_TIMER_FUZZ_SEEDS` names how many (a long run, not a check).
    @Test func moreSeedsWhenAsked() {
        guard let text = ProcessInfo.processInfo.environment["ORRERY_TIMER_FUZZ_SEEDS"], let count = UInt64(text) else { return }
        for seed in 1_000..<(1_000 + count) {
            var fuzz = TimerQueueFuzz(seed: seed)
            fuzz.run(operations: 100_000, checkEvery: 1)
            for failure in fuzz.failures.prefix(5) { Issue.record("seed \(seed): \(failure)") }
        }
    }
}

/// What the model check's timers carry: a closure, or a ``Timer/Action/notify(_:)`` entry naming
/// a probe of its own, so that ``TimerQueue/cancel(_:notifying:)`` can be called for it.
final class FuzzActions {
    /// The probe of one notifying timer: records its timer's id when fired.
    final class Probe: SteppedWork, @unchecked Sendable {
        var wakeUps: UInt32 = 0
        let id: Int
        unowned let owner: FuzzActions

        init(id: Int, owner: FuzzActions) {
            self.id = id
            self.owner = owner
        }

        func timerFired(_ code: UInt8) { owner.fired = id }
    }

    /// The id of the timer whose action ran last.
    var fired: Int?
    /// The notifying timers' probes, by id, until their timers are gone.
    private var probes: [Int: Probe] = [:]

    /// The action of timer `id`.
    func action(_ id: Int, notifying: Bool) -> Simulator.Timer.Action {
        guard notifying else { return .run { [unowned self] in fired = id } }
        let probe = Probe(id: id, owner: self)
        probes[id] = probe
        return .notify(probe.wakeUp(0))
    }

    /// The entry a caller names timer `id`'s action with to cancel it, as a network call does.
    func wakeUp(_ id: Int) -> WakeUp {
        WakeUp(target: Unmanaged.passUnretained(probes[id]!).toOpaque(), code: 0, kind: .dynamic)
    }

    /// Runs `action` (a popped timer's) and returns its timer's id.
    func fire(_ action: Simulator.Timer.Action) -> Int? {
        fired = nil
        switch action {
        case .run(let body): body()
        case .notify(let wakeUp): wakeUp.fireTimer()
        default: return nil
        }
        return fired
    }

    /// The id of the timer `action` belongs to, without counting its entry gone.
    func identify(_ action: Simulator.Timer.Action) -> Int? {
        switch action {
        case .run(let body):
            fired = nil
            body()
            return fired
        case .notify(let wakeUp): return Unmanaged<Probe>.fromOpaque(wakeUp.target).takeUnretainedValue().id
        default: return nil
        }
    }

    /// Timer `id` is gone (fired, cancelled or dropped): whether its probe, if any, has no entry
    /// left, which it must not.
    func gone(_ id: Int) -> Bool {
        guard let probe = probes.removeValue(forKey: id) else { return true }
        return probe.wakeUps == 0
    }
}
// FUZZ-TEST-ONLY-END

/// One randomized run against a sorted list of the pending timers (see ``TimerQueueFuzzTests``).
struct TimerQueueFuzz {
    struct Pending {
        let deadline: Int64
        let sequence: UInt64
        let id: Int
        let handle: TimerHandle?
        let notifying: Bool

        func fires(before other: Pending) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    let queue: TimerQueue
    let actions = FuzzActions()
    private var random: SeededRandom
    /// The pending timers, latest first (the earliest is last).
    private(set) var pending: [Pending] = []
    /// Handles of timers gone, the latest few.
    private var stale: [TimerHandle] = []
    private var now: Int64 = 0
    private var sequence: UInt64 = 0
    private var nextID = 0
    /// Far delay, bucket span and the ring's span, in nanoseconds.
    private let farDelay: Int64, bucketSpan: Int64, ringSpan: Int64
    /// Durations laned timers are set for: more than the queue has lanes, some far.
    private let durations: [Int64]
    /// Timers pending that the run keeps around (more are set than popped until then).
    private let crowd: Int
    private(set) var failures: [String] = []
    private(set) var operations = 0, pops = 0, cancels = 0, mostPending = 0

    /// A run drawn from `seed` keeping about `crowd` timers pending, with a small queue drawn
    /// from the seed too, or the engine's own (`enginesQueue`: a far delay of a second, buckets
    /// of 2^28 ns, a ring of 1,024 of them).
    init(seed: UInt64, crowd: Int = 60, enginesQueue: Bool = false) {
        random = SeededRandom(seed: seed)
        var random = random
        let shift = enginesQueue ? 28 : 2 + Int(random.next() % 6)
        let buckets = enginesQueue ? 1_024 : 64
        farDelay = enginesQueue ? 1_000_000_000 : [0, 1, 100, 300, 1_000][Int(random.next() % 5)]
        // Renumbering every few dozen timers set, or at every one while more are pending.
        let sequenceLimit: UInt64 = [24, UInt64(crowd) * 2, UInt64(crowd) * 8, 1 << 20][Int(random.next() % 4)]
        queue = enginesQueue ? TimerQueue() : TimerQueue(sequenceLimit: sequenceLimit, farDelay: farDelay, farBucketShift: shift, farBuckets: buckets)
        bucketSpan = 1 << Int64(shift)
        ringSpan = Int64(buckets) << Int64(shift)
        durations = [0, 7, farDelay / 2, farDelay + 1, farDelay + bucketSpan * 3, farDelay + ringSpan + 5]
        self.crowd = crowd
        self.random = random
    }

    private mutating func fail(_ message: String) {
        if failures.count < 20 { failures.append("operation \(operations): \(message)") }
    }

    private mutating func roll(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    /// Runs `count` operations, checking the queue whole every `checkEvery` of them, then
    /// drains it.
    mutating func run(operations count: Int, checkEvery: Int) {
        for _ in 0..<count {
            operations += 1
            step()
            mostPending = max(mostPending, pending.count)
            if queue.count != pending.count { fail("the queue counts \(queue.count) timers, \(pending.count) pending") }
            if operations % checkEvery == 0 {
                for violation in queue.invariantViolations() { fail(violation) }
            }
            if failures.count >= 20 { return }
        }
        while !pending.isEmpty && failures.isEmpty { pop() }
        if !queue.isEmpty { fail("the queue holds \(queue.count) timers after every one fired") }
        for violation in queue.invariantViolations() { fail(violation) }
    }

    private mutating func step() {
        let roll = roll(1_000)
        let full = pending.count >= crowd
        switch roll {
        case 0..<(full ? 300 : 450): set()
        case 450..<452 where !full: burst()
        case 455..<600: cancel()
        case 600..<630: cancelStale()
        case 630..<645: advance()
        case 645..<647 where self.roll(4) == 0: removeAll()
        // A crowd's timers are cancelled more than they fire: lanes then fill with dead keys.
        case 647..<850 where crowd >= 1_000: cancel()
        default: pop()
        }
    }

    /// A deadline: near, at the far delay's edge, in the far heap's bucket, in the ring, past
    /// it, at a bucket's edge, or at an instant a pending timer is due at.
    private mutating func deadline() -> Int64 {
        switch roll(9) {
        case 0: return now + Int64(roll(Int(max(farDelay, 1))))
        case 1: return now + farDelay + Int64(roll(3)) - 1
        case 2: return now + farDelay + Int64(roll(Int(bucketSpan * 2)))
        case 3, 4: return now + farDelay + Int64(roll(Int(ringSpan)))
        case 5: return now + farDelay + Int64(roll(Int(ringSpan * 4)))
        case 6:
            let edge = (now + farDelay + Int64(roll(Int(ringSpan * 2)))) & ~(bucketSpan - 1)
            return max(now, edge - Int64(roll(2)))
        case 7: return pending.isEmpty ? now : max(now, pending[roll(pending.count)].deadline)
        default: return now + Int64(roll(Int(farDelay + 2 * bucketSpan + 1)))
        }
    }

    /// Sets one timer: plain, cancellable or laned, its action a closure or a notification.
    private mutating func set() {
        sequence += roll(50) == 0 ? UInt64(1 + roll(1_000)) : 1
        nextID += 1
        let notifying = roll(2) == 0
        let action = actions.action(nextID, notifying: notifying)
        // A crowd of timers is mostly laned, for the two longest durations: lanes long enough to
        // be compacted.
        let laned = crowd >= 1_000
        switch laned && roll(3) != 0 ? 2 : roll(3) {
        case 0:
            let deadline = deadline()
            queue.insert(deadline: deadline, sequence: sequence, action: action)
            insertPending(Pending(deadline: deadline, sequence: sequence, id: nextID, handle: nil, notifying: notifying))
        case 1:
            let deadline = deadline()
            let handle = queue.insertCancellable(deadline: deadline, sequence: sequence, action: action)
            insertPending(Pending(deadline: deadline, sequence: sequence, id: nextID, handle: handle, notifying: notifying))
        default:
            let duration = laned ? durations[durations.count - 1 - roll(2)] : durations[roll(durations.count)]
            let handle = queue.insertCancellable(deadline: now + duration, sequence: sequence, action: action, lane: duration)
            insertPending(Pending(deadline: now + duration, sequence: sequence, id: nextID, handle: handle, notifying: notifying))
        }
    }

    private mutating func insertPending(_ timer: Pending) {
        var low = 0, high = pending.count
        while low < high {
            let middle = (low + high) / 2
            if timer.fires(before: pending[middle]) { low = middle + 1 } else { high = middle }
        }
        pending.insert(timer, at: low)
    }

    /// Sets many timers at once, enough to grow the slots.
    private mutating func burst() {
        for _ in 0..<(50 + roll(400)) { set() }
    }

    /// Cancels a pending cancellable timer, by either call, and its handle once more.
    private mutating func cancel() {
        guard !pending.isEmpty else { return }
        let index = roll(pending.count)
        let timer = pending[index]
        guard let handle = timer.handle else {
            // A plain timer cannot be cancelled: the handle of its slot's last occupant does not.
            return
        }
        let cancelled = timer.notifying && roll(2) == 0 ? queue.cancel(handle, notifying: actions.wakeUp(timer.id)) : queue.cancel(handle)
        if !cancelled { fail("timer \(timer.id) could not be cancelled") }
        if queue.cancel(handle) { fail("timer \(timer.id) was cancelled twice") }
        pending.remove(at: index)
        if !actions.gone(timer.id) { fail("cancelled timer \(timer.id)'s entry was not discarded") }
        cancels += 1
        noteStale(handle)
    }

    private mutating func noteStale(_ handle: TimerHandle) {
        if stale.count < 64 { stale.append(handle) } else { stale[roll(64)] = handle }
    }

    /// Cancels a handle whose timer is gone: nothing happens.
    private mutating func cancelStale() {
        guard !stale.isEmpty else { return }
        let handle = stale[roll(stale.count)]
        if queue.cancel(handle) { fail("a stale handle of slot \(handle.slot) cancelled a timer") }
        if queue.cancel(.none) { fail("the empty handle cancelled a timer") }
    }

    /// Moves time on without firing, as a run that stops at an instant does: never past the
    /// earliest pending timer.
    private mutating func advance() {
        let limit = pending.last.map { $0.deadline - 1 } ?? now + ringSpan * 2
        guard limit > now else { return }
        now += Int64(roll(Int(min(limit - now, ringSpan * 2))) + 1)
    }

    /// Pops the earliest timer and checks it is the list's earliest, carrying its own action.
    private mutating func pop() {
        guard let earliest = pending.last else { return }
        if queue.earliestDeadline != earliest.deadline { fail("the earliest deadline is \(queue.earliestDeadline.map(String.init) ?? "none"), not \(earliest.deadline)") }
        guard !queue.isEmpty else { return fail("the queue is empty with \(pending.count) pending") }
        let popped = queue.removeMin()
        pending.removeLast()
        pops += 1
        now = max(now, popped.deadline)
        if popped.deadline != earliest.deadline { fail("popped a timer due at \(popped.deadline), not \(earliest.deadline)") }
        if let handle = earliest.handle {
            if queue.cancel(handle) { fail("fired timer \(earliest.id) was cancelled") }
            noteStale(handle)
        }
        // Between the pop and the action: what the action itself may do (the handle of the timer
        // it fires is already stale).
        if roll(8) == 0 {
            for _ in 0..<(1 + roll(3)) { roll(2) == 0 ? cancel() : set() }
        }
        let id = actions.fire(popped.action)
        if id != earliest.id { fail("popped timer \(id.map(String.init) ?? "none"), not \(earliest.id)") }
        if !actions.gone(earliest.id) { fail("fired timer \(earliest.id)'s entry was not counted gone") }
    }

    /// Drops every pending timer, visiting each action once first (as a teardown does) or not.
    private mutating func removeAll() {
        if roll(2) == 0 {
            var visited: [Int] = []
            let actions = actions
            queue.removeAll { action in visited.append(actions.identify(action) ?? -1) }
            if visited.sorted() != pending.map(\.id).sorted() { fail("removing all visited \(visited.count) actions of \(pending.count) timers") }
        } else {
            queue.removeAll()
        }
        for timer in pending {
            if !actions.gone(timer.id) { fail("dropped timer \(timer.id)'s entry was not discarded") }
            if let handle = timer.handle { noteStale(handle) }
        }
        pending.removeAll()
        if !queue.isEmpty || queue.farCount != 0 { fail("the queue holds \(queue.count) timers after removing all") }
    }
}
