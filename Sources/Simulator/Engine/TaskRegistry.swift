import OrderedCollections

/// The live tasks of a simulation by name, in the order they were started, so a deadlock or an
/// unfinished run can name exactly what is stuck.
///
/// `@unchecked Sendable`: touched only on the simulation thread (tasks start and finish there).
final class TaskRegistry: @unchecked Sendable {
    private var live = OrderedDictionary<UInt64, String>()
    private var nextID: UInt64 = 0
    /// Live tasks that keep a run going; daemons (periodic health checks, injectors) do not.
    private(set) var foregroundCount = 0
    private var daemons = Set<UInt64>()

    func start(_ name: String, daemon: Bool) -> UInt64 {
        nextID &+= 1
        live[nextID] = name
        if daemon { daemons.insert(nextID) } else { foregroundCount += 1 }
        return nextID
    }

    func finish(_ id: UInt64) {
        guard live.removeValue(forKey: id) != nil else { return }
        if daemons.remove(id) == nil { foregroundCount -= 1 }
    }

    /// Names of the live foreground tasks, in start order, e.g. `client-3#12`.
    var foregroundNames: [String] {
        live.elements.filter { !daemons.contains($0.key) }.map { "\($0.value)#\($0.key)" }
    }
}
