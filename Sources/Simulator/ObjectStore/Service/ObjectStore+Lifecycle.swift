/// Lifecycle rules in virtual time: S3 evaluates them once a day, and an action becomes due at
/// the first midnight UTC on or after its creation time plus N days, so the store runs one pass
/// at every midnight UTC.
extension ObjectStore {
    /// Starts the daemon that runs ``runLifecycle()`` at every midnight UTC of virtual time.
    nonisolated func startLifecycleDaemon() {
        simulation.spawn("objectstore.\(id.name).lifecycle", daemon: true) { _ in
            await self.runLifecycleEveryMidnight()
        }
    }

    private func runLifecycleEveryMidnight() async {
        while true {
            // The first midnight strictly after now: a pass never runs twice at one instant.
            let midnight = state.lifecycleDueTime(since: simulation.now.nanoseconds + 1, days: 0)
            guard await simulation.sleepUnlessTornDown(until: VirtualInstant(nanoseconds: midnight)) else { return }
            runLifecycle()
        }
    }

    /// Runs one lifecycle pass now and returns what it did. A store that is not up (crashed,
    /// booting or paused) does nothing; everything due is still due at the next pass, so a missed
    /// midnight delays actions by a day and loses none.
    @discardableResult
    public func runLifecycle() -> [LifecycleAction] {
        guard node.state == .up else { return [] }
        let now = simulation.now.nanoseconds
        let actions = state.runLifecycle(now: now)
        stats.lifecycleRuns += 1
        stats.lifecycleActions += actions.map { ObjectStoreStats.TimedLifecycleAction(time: now, action: $0) }
        for action in actions {
            simulation.trace.record(.delete, id.name, action.bucket + "/" + action.key, value: Int64(action.kind.traceCode))
        }
        throttle.prune(now: now)
        return actions
    }
}

extension LifecycleAction.Kind {
    /// A stable number per kind for the trace digest.
    var traceCode: Int {
        switch self {
        case .transition: 1
        case .expireObject: 2
        case .addDeleteMarker: 3
        case .expireNoncurrentVersion: 4
        case .removeExpiredDeleteMarker: 5
        case .abortIncompleteMultipartUpload: 6
        }
    }
}
