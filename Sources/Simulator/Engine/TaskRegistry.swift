/// The live tasks of a simulation by name, so a deadlock or an unfinished run can name exactly
/// what is stuck.
///
/// Tasks are kept in slots reused through a free list (O(1) start and finish, no hashing, no
/// allocation once the slots have grown) and only sorted, by start order, when names are asked
/// for, so no storage order leaks. A name is kept as given and only spelled out then: an open-loop
/// request registers as `.request(id)`, not as a string built for every request.
///
/// A slot's start order and daemon flag share one word, in an array of their own, and the names
/// wait in another: finishing a task (once per request of a workload) touches 8 bytes of the
/// first, where a slot of one array of entries was 32 bytes and thousands of tasks in flight
/// missed the cache at almost every finish. A finished task's name stays in its slot until the
/// slot is taken again (at most as many names as tasks were ever live at once).
///
/// `@unchecked Sendable`: touched only on the simulation thread (tasks start and finish there).
final class TaskRegistry: @unchecked Sendable {
    /// What a task is called.
    enum Name: CustomStringConvertible {
        case text(String)
        /// One open-loop request's client, by the request's id: `request-<id>`.
        case request(UInt64)

        var description: String {
            switch self {
            case .text(let text): text
            case .request(let id): "request-\(id)"
            }
        }
    }

    /// A started task, as ``finish(_:)`` takes it back.
    struct Registration {
        fileprivate let slot: Int32
        fileprivate let number: UInt64
    }

    /// The daemon flag's bit in a slot's word; below it, the start order (from 1; 0 marks a free
    /// slot), which stays far below 2⁶³.
    private static let daemonBit: UInt64 = 1 << 63

    /// Per slot: the task's start order, with ``daemonBit`` set for a daemon; 0 when free.
    @exclusivity(unchecked) private var numbers: [UInt64] = []
    /// Per slot: the name of the task started in it last.
    @exclusivity(unchecked) private var names: [Name] = []
    @exclusivity(unchecked) private var freeSlots: [Int32] = []
    @exclusivity(unchecked) private var started: UInt64 = 0
    /// Live tasks that keep a run going; daemons (periodic health checks, injectors) do not.
    @exclusivity(unchecked) private(set) var foregroundCount = 0

    func start(_ name: Name, daemon: Bool) -> Registration {
        started &+= 1
        let word = started | (daemon ? Self.daemonBit : 0)
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            numbers[Int(slot)] = word
            names[Int(slot)] = name
        } else {
            slot = Int32(numbers.count)
            numbers.append(word)
            names.append(name)
        }
        if !daemon { foregroundCount += 1 }
        return Registration(slot: slot, number: started)
    }

    func start(_ name: String, daemon: Bool) -> Registration {
        start(.text(name), daemon: daemon)
    }

    /// Forgets a started task; finishing it again does nothing.
    func finish(_ registration: Registration) {
        let slot = Int(registration.slot)
        let word = numbers[slot]
        guard word & ~Self.daemonBit == registration.number else { return }
        if word & Self.daemonBit == 0 { foregroundCount -= 1 }
        numbers[slot] = 0
        freeSlots.append(registration.slot)
    }

    /// Names of the live foreground tasks, in start order, e.g. `client-3#12`.
    var foregroundNames: [String] { names { !$0 } }

    /// Every live task's name, daemons too, in start order.
    var allNames: [String] { names { _ in true } }

    /// The live tasks' names whose daemon flag `included` accepts, in start order.
    private func names(_ included: (_ daemon: Bool) -> Bool) -> [String] {
        numbers.indices
            .filter { numbers[$0] != 0 && included(numbers[$0] & Self.daemonBit != 0) }
            .map { (number: numbers[$0] & ~Self.daemonBit, name: names[$0]) }
            .sorted { $0.number < $1.number }
            .map { "\($0.name)#\($0.number)" }
    }
}

extension Simulation {
    /// Names of the tasks still alive, daemons too: after ``tearDown()``, the ones that never ended.
    var liveTaskNames: [String] { tasks.allNames }
}
