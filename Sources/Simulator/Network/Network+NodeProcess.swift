/// One process of a node's program: the number the network gave it (``Network/process(of:)``),
/// which its work checks at each step, so that nothing it does outlives it.
public struct NodeProcess: Sendable {
    /// The node it runs on.
    public let node: NodeID
    /// Its number (``Network/process(of:)``), read when its work began.
    public let number: UInt64
    /// Whether a restart began this process (false: the one its program was started with).
    public let isRestarted: Bool
    let network: Network

    /// Whether it still runs: its node has neither crashed nor restarted since it began (a paused
    /// process runs; ``Network/runs(_:process:)``).
    public var runs: Bool { network.runs(node, process: number) }

    /// Waits out a pause of its node (``Simulation/awaitResume(of:)``), then says whether it still
    /// runs. Asked right before a call, it makes the call this process's: nothing waits between
    /// the answer and the send, so a process that is gone sends nothing, even once a later
    /// process runs.
    public func awaitRunning() async -> Bool {
        if let host = network.node(node) { guard await network.simulation.awaitResume(of: host) else { return false } }
        return runs
    }
}

extension Network {
    /// Runs `work` as the program of node `id`: a process now, and a new one after each restart of
    /// the node, begun once that restart's boot is over — at its `booted` line, or at the restart
    /// itself for a boot of no length — as a restarted program starts its work only once it has
    /// booted. A crash ends the process (so does a restart, which kills it first): `work` asks
    /// ``NodeProcess/runs`` after each wait, and ``NodeProcess/awaitRunning()`` right before each
    /// call, and ends when it is false. So nothing of the program runs between a crash and the end
    /// of the boot after it, and nothing of an earlier process runs once a later one does. What
    /// carries over from one process to the next (how far a producer got) is what `work` keeps
    /// outside itself, as a program's durable state is.
    ///
    /// Each process is a task of the simulation named `name` (a daemon when `daemon`), given
    /// `owner` — what it works for (a queue, a world). The network holds `owner` weakly, as it
    /// holds nothing that holds it: `work` must not capture the network, nor anything that holds
    /// it, but reach them through `owner`. A restart once `owner` is gone starts nothing.
    public func startProcess<Owner: AnyObject & Sendable>(
        on id: NodeID, named name: String, daemon: Bool = false, for owner: Owner,
        _ work: @escaping @Sendable (Owner, NodeProcess) async -> Void
    ) {
        let simulation = simulation
        onRestart(id) { [unowned self, weak owner] in
            guard let owner else { return }
            let process = NodeProcess(node: id, number: self.process(of: id), isRestarted: true, network: self)
            simulation.spawn(name, daemon: daemon) { _ in await work(owner, process) }
        }
        let process = NodeProcess(node: id, number: self.process(of: id), isRestarted: false, network: self)
        simulation.spawn(name, daemon: daemon) { _ in await work(owner, process) }
    }
}
