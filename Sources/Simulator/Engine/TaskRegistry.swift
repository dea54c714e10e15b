/// The live tasks of a simulation by name, so a deadlock or an unfinished run can name exactly
/// what is stuck.
///
/// Tasks are kept in a dictionary keyed by start order (O(1) start and finish even with tens of
/// thousands of live tasks) and only sorted when names are asked for, so no hash order leaks.
///
/// `@unchecked Sendable`: touched only on the simulation thread (tasks start and finish there).
final class TaskRegistry: @unchecked Sendable {
    private struct Entry {
        let name: String
        let daemon: Bool
    }

    @exclusivity(unchecked) private var live: [UInt64: Entry] = [:]
    @exclusivity(unchecked) private var nextID: UInt64 = 0
    /// Live tasks that keep a run going; daemons (periodic health checks, injectors) do not.
    @exclusivity(unchecked) private(set) var foregroundCount = 0

    func start(_ name: String, daemon: Bool) -> UInt64 {
        nextID &+= 1
        live[nextID] = Entry(name: name, daemon: daemon)
        if !daemon { foregroundCount += 1 }
        return nextID
    }

    func finish(_ id: UInt64) {
        guard let entry = live.removeValue(forKey: id) else { return }
        if !entry.daemon { foregroundCount -= 1 }
    }

    /// Names of the live foreground tasks, in start order, e.g. `client-3#12`.
    var foregroundNames: [String] { names { !$0.daemon } }

    /// Every live task's name, daemons too, in start order.
    var allNames: [String] { names { _ in true } }

    private func names(_ included: (Entry) -> Bool) -> [String] {
        live.filter { included($0.value) }.sorted { $0.key < $1.key }.map { "\($0.value.name)#\($0.key)" }
    }
}

extension Simulation {
    /// Names of the tasks still alive, daemons too: after ``tearDown()``, the ones that never ended.
    var liveTaskNames: [String] { tasks.allNames }
}
