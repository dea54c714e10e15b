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
}
