extension Network {
    /// Crashes `id`: it stops answering, everything it held is lost, and its crash observers drop
    /// its volatile state. Work it had begun is discarded when it finishes.
    public func crash(_ id: NodeID) {
        crash(id, as: .fault)
    }

    /// A crash, written and observed as a fault (`.fault`), as the first half of a process restart
    /// (`.restartKill`: one fault, whose observers see the restart alone), or as a replica's
    /// removal (`.removal`: the operation's, observed as ``removedFromReplicaSet``). `noted` is
    /// what ``stateChanges`` records.
    func crash(_ id: NodeID, as cause: CrashCause, noted: NodeStateChanges.Kind = .state(.crashed)) {
        let node = addNode(id)
        guard node.state.takesCrash else { return }
        node.state = .crashed
        stateChanges.note(id, noted, at: simulation.now)
        node.incarnation &+= 1
        let heldByPause = node.heldWhilePaused
        node.heldWhilePaused = []
        node.pausedUntil = nil
        node.endPause(at: simulation.now)
        node.hungUntil = nil
        node.openCalls.removeAll()
        // A restart's kill is folded into the digest but not written: the `restart` line stands
        // for it. A crash of its own is written, even when a restart follows at the same instant.
        // A removal keeps the `crash` line it always wrote (the digest folds it), and is observed
        // as the operation it is.
        switch cause {
        case .fault:
            simulation.trace.record(.crash, id.name)
            simulation.observeInstant(.network, id.name, "crash")
        case .removal:
            simulation.trace.record(.crash, id.name)
            simulation.observeInstant(.network, id.name, Self.removedFromReplicaSet)
        case .restartKill:
            simulation.trace.fold(.crash, id.name)
        }
        // What a pause held is lost with the process, each as its own loss is traced: an answer
        // that had reached it is a `drop` from the node that answered (its caller is gone).
        for held in heldByPause { held(false) }
        for observer in node.crashObservers { observer() }
    }

    /// Restarts `id`: a running node's process is killed first — its volatile state is lost as in
    /// a crash, but the host stays up, so the calls it was handling are reset (their callers get
    /// ``NetworkError/refused`` one link latency later, in delivery order); it then boots for
    /// `bootTime` (callers are refused) and comes back up with only its durable state. A boot of
    /// some length ends with a `booted` line in the JSON-lines trace (its value the boot's
    /// length), written when the boot's timer fires and not folded into the digest, which the
    /// restart's own event already fixes.
    public func restart(_ id: NodeID, bootTime: Duration = .zero) {
        restart(id, bootTime: bootTime, observedAs: "restart")
    }

    /// ``restart(_:bootTime:)``, observed under `name`: `restart` for a fault's, the addition's
    /// name for a replica added back (``enlist(_:)``).
    func restart(_ id: NodeID, bootTime: Duration, observedAs name: String) {
        let node = addNode(id)
        if node.state != .crashed {
            let open = node.openCalls.inDeliveryOrder
            crash(id, as: .restartKill)
            for call in open { call.reset(on: self) }
        }
        // A new process: a hang that struck the crashed node does not outlive it.
        node.hungUntil = nil
        simulation.trace.record(.restart, id.name)
        simulation.observeInstant(.network, id.name, name, detail: bootTime > .zero ? "boots for \(bootTime.seconds) s" : "")
        let incarnation = node.incarnation
        let comeUp = {
            guard node.incarnation == incarnation, node.state != .up else { return }
            node.state = .up
            self.stateChanges.note(id, .state(.up), at: self.simulation.now)
            if bootTime > .zero { self.simulation.trace.note(.booted, id.name, value: bootTime.nanoseconds) }
            for observer in node.restartObservers { observer() }
        }
        if bootTime > .zero {
            node.state = .starting
            node.bootsUntil = simulation.now.advanced(by: bootTime)
            stateChanges.note(id, .state(.starting), at: simulation.now)
            executor.schedule(after: bootTime, comeUp)
        } else {
            comeUp()
        }
    }

    /// Freezes `id` for `duration`: what reaches it waits, then is handled in order on resume;
    /// work it was doing stands still on its frozen clock (``NetworkNode/frozenNanoseconds(at:)``)
    /// and goes on for what it had left after the resume.
    public func pause(_ id: NodeID, for duration: Duration) {
        let node = addNode(id)
        guard node.state.takesPause else { return }
        node.state = .paused
        stateChanges.note(id, .state(.paused), at: simulation.now)
        node.pausedUntil = simulation.now.advanced(by: duration)
        node.pausedSince = simulation.now
        simulation.trace.record(.pause, id.name, value: duration.nanoseconds)
        simulation.observeInstant(.network, id.name, "pause", detail: "for \(duration.seconds) s")
        let incarnation = node.incarnation
        executor.schedule(after: duration) {
            guard node.incarnation == incarnation, node.state == .paused else { return }
            node.state = .up
            node.pausedUntil = nil
            node.endPause(at: self.simulation.now)
            self.stateChanges.note(id, .state(.up), at: self.simulation.now)
            self.simulation.trace.record(.resume, id.name)
            self.simulation.observeInstant(.network, id.name, "resume")
            let held = node.heldWhilePaused
            node.heldWhilePaused = []
            for delivery in held { delivery(true) }
        }
    }

    /// The latest resume of the nodes `ids` paused while they hold something — a request that
    /// reached one, an answer it owes or one owed to it, a call it would send — or nil when no
    /// such pause holds anything. What a pause holds is handled at its resume
    /// (``pause(_:for:)``), but the resume is a timer and keeps no run going
    /// (``Simulation/runToCompletion(timeLimit:eventLimit:livelockEvents:)`` drops it when the
    /// last foreground task ends first).
    public func lastResume(holdingWorkOn ids: [NodeID]) -> VirtualInstant? {
        var latest: VirtualInstant?
        for id in ids {
            guard let node = node(id), node.state == .paused, !node.heldWhilePaused.isEmpty, let resumes = node.pausedUntil else { continue }
            latest = max(latest ?? resumes, resumes)
        }
        return latest
    }

    /// Multiplies service times on `id` by `factor` (1 restores normal speed).
    public func slow(_ id: NodeID, factor: Double) {
        addNode(id).slowFactor = factor
        stateChanges.note(id, .slow(factor), at: simulation.now)
        simulation.trace.record(.slow, id.name, value: Duration.saturating(nanoseconds: (factor * 1000).rounded(.towardZero)).nanoseconds)
        // Its end (factor 1) is observed as the end it is, not as one more slowdown.
        simulation.observeInstant(.network, id.name, factor == 1 ? "slow over" : "slow", detail: "service times × \(factor)")
    }

    /// Makes `id` answer an extra share `rate` of its requests with 500 (0 ends it).
    public func setErrorRate(_ id: NodeID, _ rate: Double) {
        addNode(id).extraErrorRate = rate
        simulation.trace.record(.errorRate, id.name, value: Int64(rate * 1_000_000))
        simulation.observeInstant(.network, id.name, rate == 0 ? "error rate over" : "error rate", detail: "\(rate)")
    }

    /// Hangs the application on `id` for `duration` (nil: until it crashes or restarts): requests,
    /// heartbeats included, are accepted and held; when the hang ends they are answered 500 (the
    /// watchdog killed the stuck workers). Callers with shorter deadlines simply time out. A hang
    /// of a crashed node changes nothing (``NodeState/takesHang``) and is neither traced nor
    /// observed.
    public func hang(_ id: NodeID, for duration: Duration?) {
        let node = addNode(id)
        guard node.state.takesHang else { return }
        node.hungUntil = duration.map { simulation.now.advanced(by: $0) } ?? VirtualInstant(nanoseconds: .max)
        simulation.trace.record(.hang, id.name, value: duration?.nanoseconds ?? -1)
        // Its length is the instant's value (-1: until restarted), from which a timeline finds its end.
        simulation.observeInstant(.network, id.name, "hang", detail: duration.map { "for \($0.seconds) s" } ?? "until restarted",
                                  value: duration?.nanoseconds ?? -1)
    }

    /// Adds `rate` to the loss probability of every link (0 ends it).
    public func setExtraDropRate(_ rate: Double) {
        extraDropRate = rate
        simulation.trace.record(.dropRate, "network", value: Int64(rate * 1_000_000))
        simulation.observeInstant(.network, "network", rate == 0 ? "drop rate over" : "drop rate", detail: "\(rate)")
    }

    /// Adds `extra` to every one-way latency (zero ends the spike).
    public func setExtraLatency(_ extra: Duration) {
        extraLatency = extra.seconds
        simulation.trace.record(.latencySpike, "network", value: extra.nanoseconds)
        simulation.observeInstant(.network, "network", extra == .zero ? "latency spike over" : "latency spike", detail: "+\(extra.seconds) s",
                                  value: extra.nanoseconds)
    }
}

extension NodeState {
    /// Whether a crash changes anything: not on a node already crashed, where it is neither
    /// traced nor observed. The one rule the report's fault list and Failovers rows follow too
    /// (they mark such a crash "no effect" rather than list it as having struck).
    public var takesCrash: Bool { self != .crashed }

    /// Whether a pause changes anything: only on a node that is up, not one crashed, booting or
    /// paused already (neither traced nor observed; the report marks it "no effect").
    public var takesPause: Bool { self == .up }

    /// Whether a hang changes anything: not on a crashed node, which answers nothing while down
    /// and whose restart starts a new process without it (``Network/restart(_:bootTime:)``
    /// clears it); on a booting or paused node it holds once the node serves again.
    public var takesHang: Bool { self != .crashed }
}
