/// A deployment's wait on the balancer: for a server to drain, or to pass its health checks.
struct DeploymentWaiter {
    /// What a deployment waits for.
    enum Kind { case drained, healthy }
    let kind: Kind
    /// Which wait this is; a timeout carrying another token finds nothing to resume.
    let token: UInt64
    let continuation: UnsafeContinuation<Bool, Never>
}

extension LoadBalancer {
    /// The id of the member called `hostname`, if it is one.
    public func memberID(of hostname: String) -> Int? {
        members.first { $0.value.replica.hostname == hostname }?.key
    }

    /// Forwards in flight to server `serverID` (0 if it is not a member).
    public func inFlight(_ serverID: Int) -> Int {
        members[serverID]?.active ?? 0
    }

    /// Takes server `serverID` out of rotation: no new request is routed to it, the forwards in
    /// flight go on. A server still out of rotation (one that never became healthy) starts a
    /// new drain where it is. A crashed or booting balancer takes no drain (a deploy script's
    /// call to a dead nginx fails): nothing is in flight to wait for, and the restarted process
    /// starts from its configuration, every server in rotation.
    public func startDraining(_ serverID: Int) {
        guard let index = members.index(forKey: serverID) else { return }
        members.values[index].drainedAt = members.values[index].active == 0 ? network.simulation.now : nil
        guard processRuns, !members.values[index].draining else { return }
        members.values[index].draining = true
        log(.drainStarted, subject: members.values[index].replica.hostname)
    }

    /// Puts server `serverID` back in rotation; a server whose drain a balancer crash took (see
    /// ``deploymentStateLost()``) is in rotation already, and no event says it again.
    public func endDraining(_ serverID: Int) {
        guard let index = members.index(forKey: serverID) else { return }
        let wasDraining = members.values[index].draining
        members.values[index].draining = false
        members.values[index].deploymentPasses = nil
        if wasDraining { log(.backInRotation, subject: members.values[index].replica.hostname) }
    }

    /// The balancer's process crashed: what a deployment had set on it is gone with it. A
    /// deployment is driven from outside the balancer, as a deploy script drives nginx, so it
    /// goes on; but the fresh process has no drain marks (its restart puts every server in
    /// rotation), the forwards a drain waited for ended at the crash — so a deployment waiting
    /// for a drain goes on at once, drained — and the passed checks counted for a restarted
    /// server were the old process's: the count starts again from the new process's checks, and
    /// a deployment waiting for them waits on to its health deadline, as README says, when no
    /// new process checks in time.
    func deploymentStateLost() {
        let now = network.simulation.now
        for index in members.values.indices {
            if members.values[index].draining {
                members.values[index].draining = false
                members.values[index].drainedAt = now
            }
            if members.values[index].deploymentPasses != nil { members.values[index].deploymentPasses = 0 }
        }
        // Resumed in server order, never in the dictionary's.
        for serverID in deploymentWaiters.keys.sorted() { resumeWaiter(of: serverID, kind: .drained, token: nil, with: true) }
    }

    /// When server `serverID`'s last forward in flight ended during its current drain.
    public func drainedAt(_ serverID: Int) -> VirtualInstant? {
        members[serverID]?.drainedAt
    }

    /// Waits until no forward to server `serverID` is in flight, or until `deadline`; returns the
    /// forwards still in flight then (0 when it drained).
    public func waitUntilDrained(_ serverID: Int, deadline: VirtualInstant) async -> Int {
        guard members[serverID]?.active ?? 0 > 0 else { return 0 }
        _ = await wait(.drained, for: serverID, deadline: deadline)
        return inFlight(serverID)
    }

    /// Starts counting server `serverID`'s consecutive passed health checks (a deployment has just
    /// restarted it).
    public func watchHealth(_ serverID: Int) {
        guard let index = members.index(forKey: serverID) else { return }
        members.values[index].deploymentPasses = 0
        members.values[index].healthyAt = nil
    }

    /// When the health checks had passed server `serverID` `rise` times since ``watchHealth(_:)``.
    public func healthyAt(_ serverID: Int) -> VirtualInstant? {
        members[serverID]?.healthyAt
    }

    /// Waits until the health checks have passed server `serverID` `rise` times in a row since
    /// ``watchHealth(_:)``, or until `deadline`; returns whether they did.
    public func waitUntilHealthy(_ serverID: Int, deadline: VirtualInstant) async -> Bool {
        guard let rise = configuration.healthCheck?.rise, let passes = members[serverID]?.deploymentPasses else { return true }
        if passes >= rise { return true }
        return await wait(.healthy, for: serverID, deadline: deadline)
    }

    /// Parks the deployment until something resumes it for `serverID` (true) or `deadline`
    /// passes (false).
    private func wait(_ kind: DeploymentWaiter.Kind, for serverID: Int, deadline: VirtualInstant) async -> Bool {
        lastWaiterToken += 1
        let token = lastWaiterToken
        let now = network.simulation.now
        network.simulation.schedule(after: now < deadline ? now.duration(to: deadline) : .zero) { [weak self] in
            self?.assumeIsolated { $0.resumeWaiter(of: serverID, kind: kind, token: token, with: false) }
        }
        return await withUnsafeContinuation { deploymentWaiters[serverID] = DeploymentWaiter(kind: kind, token: token, continuation: $0) }
    }

    private func resumeWaiter(of serverID: Int, kind: DeploymentWaiter.Kind, token: UInt64?, with value: Bool) {
        guard let waiter = deploymentWaiters[serverID], waiter.kind == kind, token == nil || waiter.token == token else { return }
        deploymentWaiters[serverID] = nil
        waiter.continuation.resume(returning: value)
    }

    /// A forward to a draining member `index` ended: the deployment waiting for it goes on once
    /// none is left.
    @inline(never)
    func noteDrainProgress(at index: Int) {
        guard members.values[index].active == 0 else { return }
        members.values[index].drainedAt = network.simulation.now
        resumeWaiter(of: members.keys[index], kind: .drained, token: nil, with: true)
    }

    /// A health check of member `index`, watched by a deployment, ended.
    @inline(never)
    func noteDeploymentCheck(at index: Int, passed: Bool, rise: Int) {
        guard let passes = members.values[index].deploymentPasses else { return }
        let count = passed ? passes + 1 : 0
        members.values[index].deploymentPasses = count
        guard count >= rise else { return }
        if members.values[index].healthyAt == nil { members.values[index].healthyAt = network.simulation.now }
        resumeWaiter(of: members.keys[index], kind: .healthy, token: nil, with: true)
    }
}
