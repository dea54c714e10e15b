/// The live tasks of a simulation by name, so a deadlock or an unfinished run can name exactly
/// what is stuck.
///
/// Tasks are kept in slots reused through a free list (O(1) start and finish, no hashing, no
/// allocation once the slots have grown) and only sorted, by start order, when names are asked
/// for, so no storage order leaks. A name is kept as given and only spelled out then: an open-loop
/// request registers as `.request(id)`, not as a string built for every request.
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

    private struct Entry {
        /// Start order, from 1; 0 marks a free slot.
        var number: UInt64
        var name: Name
        var daemon: Bool
    }

    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var freeSlots: [Int32] = []
    @exclusivity(unchecked) private var started: UInt64 = 0
    /// Live tasks that keep a run going; daemons (periodic health checks, injectors) do not.
    @exclusivity(unchecked) private(set) var foregroundCount = 0

    func start(_ name: Name, daemon: Bool) -> Registration {
        started &+= 1
        let entry = Entry(number: started, name: name, daemon: daemon)
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            entries[Int(slot)] = entry
        } else {
            slot = Int32(entries.count)
            entries.append(entry)
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
        guard entries[slot].number == registration.number else { return }
        if !entries[slot].daemon { foregroundCount -= 1 }
        entries[slot] = Entry(number: 0, name: .request(0), daemon: true)
        freeSlots.append(registration.slot)
    }

    /// Names of the live foreground tasks, in start order, e.g. `client-3#12`.
    var foregroundNames: [String] { names { !$0.daemon } }

    /// Every live task's name, daemons too, in start order.
    var allNames: [String] { names { _ in true } }

    private func names(_ included: (Entry) -> Bool) -> [String] {
        entries.filter { $0.number != 0 && included($0) }.sorted { $0.number < $1.number }.map { "\($0.name)#\($0.number)" }
    }
}

extension Simulation {
    /// Names of the tasks still alive, daemons too: after ``tearDown()``, the ones that never ended.
    var liveTaskNames: [String] { tasks.allNames }
}
