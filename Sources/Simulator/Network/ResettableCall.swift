/// A call being handled at a node, which a restart of that node's process resets.
protocol ResettableCall: AnyObject {
    /// Fails the caller with a reset connection, one link latency from now.
    func reset(on network: Network)
}
