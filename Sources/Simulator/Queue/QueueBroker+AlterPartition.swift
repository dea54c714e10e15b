/// The leader's side of an in-sync set change, as Kafka's `Partition` and `AlterPartitionManager`
/// do it since KIP-497: the leader does not change the set itself, it sends the controller an
/// AlterPartition request over the network and keeps the change pending until the controller's
/// metadata settles it.
///
/// While a change is pending the leader counts on Kafka's *maximal* in-sync set
/// (`PendingShrinkIsr.maximalIsr` is the committed set, still holding the followers it wants to
/// drop; `PendingExpandIsr.maximalIsr` is the committed set plus the new follower): that set must
/// confirm a copy before the high watermark passes it and an `acks=all` append is answered. So a
/// leader that cannot reach the controller — cut off from it, or the controller crashed — cannot
/// shrink its way past a dead follower: its `acks=all` appends wait instead of being acknowledged
/// by a smaller set, and a leader the controller replaces meanwhile never acknowledges them.
///
/// One change is pending per partition at a time (Kafka's `isInflight` blocks the next). A
/// request that fails — no answer within the request timeout (`replica_timeout`, the timeout of
/// every request a broker sends), refused by a booting controller, or unreachable — is sent again
/// 50 ms after the failure, as Kafka 3.x does: `DefaultAlterPartitionManager` never times an
/// AlterPartition out (its channel's `retryTimeoutMs` is `Long.MaxValue`), and its
/// `NodeToControllerRequestThread` puts a disconnected request (a refused or failed connection,
/// or one past `controller.socket.timeout.ms`) back at the head of its queue, sent again once the
/// channel reconnects after its fixed 50 ms back-off (`reconnect.backoff.ms` and its maximum both
/// 50 in `NodeToControllerChannelManagerImpl`); a top-level error is also retried after 50 ms
/// (`scheduleOnce("send-alter-partition", …, 50)`). Not modelled: Kafka's request timeout is
/// `controller.socket.timeout.ms` (30 s by default), not the replica timeout; and a Kafka broker
/// batches the pending changes of all its partitions into one request with at most one in
/// flight, where each partition's change goes here in a request of its own.
///
/// The change is settled when the controller answers (accepted,
/// or refused: FENCED_LEADER_EPOCH, INVALID_UPDATE_VERSION, INELIGIBLE_REPLICA — Kafka then
/// waits for the metadata, which this model's brokers read at once), when the metadata moved on
/// without an answer (the change was applied and its answer lost, or the controller changed the
/// set itself), when the broker no longer leads in that epoch, or when its process stops (the
/// pending state is in its memory).
extension QueueBroker {
    /// A change of one partition's in-sync set this leader has asked the controller for.
    struct PendingInSyncChange: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// Kafka's `PendingShrinkIsr`: followers that did not confirm a copy in time.
            case shrink
            /// Kafka's `PendingExpandIsr`: a follower whose log caught up with the leader's.
            case expand
        }

        let kind: Kind
        /// Tells this change from a later one of the same partition.
        let serial: Int
        let leaderEpoch: Int
        /// The partition epoch of the committed set the proposal was computed from.
        let partitionEpoch: Int
        /// The set asked for, leader included, in replica order.
        let proposed: [Int]
        /// Kafka's `maximalIsr` while the change is pending: the committed set for a shrink, the
        /// proposed one for an expansion.
        let maximal: [Int]
    }

    /// The in-sync set this leader counts on for the partition at `index`: while a change is
    /// pending, Kafka's maximal in-sync set; otherwise, and once the metadata has moved past the
    /// change, the committed set.
    func maximalInSync(_ index: Int) -> [Int] {
        let state = controller.states[index]
        guard let pending = pendingInSync[index], pending.leaderEpoch == state.epoch,
              pending.partitionEpoch == state.partitionEpoch else { return state.inSync }
        return pending.maximal
    }

    /// Asks the controller to drop `lagging` from the committed in-sync set of the partition at
    /// `index` (Kafka's `maybeShrinkIsr`), unless a change is pending already.
    func proposeShrink(_ index: Int, removing lagging: [Int]) {
        guard pendingInSync[index] == nil else { return }
        let state = controller.states[index]
        let proposed = state.inSync.filter { !lagging.contains($0) }
        guard proposed != state.inSync else { return }
        propose(index, kind: .shrink, proposed: proposed, maximal: state.inSync)
    }

    /// Asks the controller to add `follower`, caught up with this leader's log, to the in-sync set
    /// of the partition at `index` (Kafka's `maybeExpandIsr`), unless a change is pending already
    /// — the follower asks again at its next catch-up round.
    func proposeExpansion(_ index: Int, adding follower: Int) {
        guard pendingInSync[index] == nil else { return }
        let state = controller.states[index]
        guard !state.inSync.contains(follower) else { return }
        let proposed = state.replicas.filter { state.inSync.contains($0) || $0 == follower }
        propose(index, kind: .expand, proposed: proposed, maximal: proposed)
    }

    private func propose(_ index: Int, kind: PendingInSyncChange.Kind, proposed: [Int], maximal: [Int]) {
        let state = controller.states[index]
        alterPartitionSerial += 1
        let change = PendingInSyncChange(kind: kind, serial: alterPartitionSerial, leaderEpoch: state.epoch,
                                         partitionEpoch: state.partitionEpoch, proposed: proposed, maximal: maximal)
        pendingInSync[index] = change
        // A daemon: a controller that never answers again must not keep the run going.
        network.simulation.spawn("queue.alter-partition.\(id.name)", daemon: true) { _ in await self.sendUntilSettled(change, of: index) }
    }

    /// Sends `change` to the controller until it is settled, then lets the appends waiting for it
    /// go on.
    ///
    /// Its back-off is a timer of the broker's process: one due while the broker is paused runs at
    /// the resume. (A paused leader once found its node not up after a back-off and dropped the
    /// change as if its process had stopped: the appends waiting for it were refused as from a
    /// replaced leader.)
    private func sendUntilSettled(_ change: PendingInSyncChange, of index: Int) async {
        let simulation = network.simulation
        let node = node, incarnation = node.incarnation
        let timeout = controller.configuration.replicaTimeout
        let controller = controller
        let request = QueueController.AlterPartitionRequest(
            partition: controller.placement.partitions[index], leader: number, leaderEpoch: change.leaderEpoch,
            partitionEpoch: change.partitionEpoch, proposed: change.proposed)
        while pendingInSync[index] == change, await simulation.awaitResume(of: node), node.incarnation == incarnation, node.state == .up {
            let state = controller.states[index]
            guard state.leader == number, state.epoch == change.leaderEpoch, state.partitionEpoch == change.partitionEpoch else { break }
            let answer = await controller.callController(from: id, timeout: timeout) { controller.alterPartition(request) }
            // Accepted or refused, the controller's metadata now says what holds.
            if case .success = answer { break }
            guard await simulation.sleepUnlessTornDown(for: Self.alterPartitionRetryBackoff, on: node) else { break }
        }
        guard pendingInSync[index] == change else { return }
        pendingInSync[index] = nil
        let waiters = settledWaiters[index]
        settledWaiters[index] = []
        for waiter in waiters { waiter.settled(on: simulation.executor) }
    }

    /// How long after a failed attempt an AlterPartition request is sent again: Kafka's fixed
    /// back-off of the broker's channel to the controller (see the top of this file).
    static let alterPartitionRetryBackoff = Duration.milliseconds(50)
}
