extension Network {
    /// The number of the process on `id` — its own, or its owner's for a point of presence: the
    /// one running now, or, while the node is down, the one its crash ended (a crash moves a node
    /// on to the next number, which only a restart runs). Code that outlives a crash reads it
    /// when its work begins, and asks ``runs(_:process:)`` at each step, and sends with it
    /// (``call(from:to:process:timeout:_:)``): a zombie's calls are then never sent, even once a
    /// restart runs the next process. 0 for a node the network does not know.
    public func process(of id: NodeID) -> UInt64 {
        guard let host = lentProcessNode(id) else { return 0 }
        return host._withUnsafeGuaranteedRef { $0.state == .crashed ? $0.incarnation &- 1 : $0.incarnation }
    }

    /// Whether `process` (``process(of:)``) still runs on `id`: its node has neither crashed nor
    /// restarted since (a paused or booting process runs; a node the network does not know is
    /// never crashed).
    public func runs(_ id: NodeID, process: UInt64) -> Bool {
        guard let host = lentProcessNode(id) else { return true }
        return host._withUnsafeGuaranteedRef { $0.state != .crashed && $0.incarnation == process }
    }

    /// Waits while `id` boots after a restart, until its boot is over (its `booted` line, which
    /// comes first at that instant); false once the world is being torn down. Returns at once
    /// when the node is not booting; a restart during the boot waits for the new boot's end, and
    /// a crash during it ends the wait at the boot's planned end (the node is down: the caller's
    /// own check of its process says so). For work whose state must outlive a restart (an
    /// operation list's place in its steps) where ``startProcess(on:named:daemon:for:_:)`` would
    /// end it: what it sends after the wait is the booted process's.
    public func awaitBoot(of id: NodeID) async -> Bool {
        guard let node = node(id) else { return true }
        while node.state == .starting, let end = node.bootsUntil {
            guard await simulation.sleepUnlessTornDown(until: max(end, simulation.now)) else { return false }
        }
        return true
    }
}
