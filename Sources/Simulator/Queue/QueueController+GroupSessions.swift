/// How the group coordinator keeps members' sessions (KIP-62, Kafka 0.10.1): a member's
/// heartbeats, sent from a loop of their own every heartbeat interval, keep it in its group
/// whatever its polls, fetches and commits are doing; the coordinator evicts it a session timeout
/// after the last heartbeat, join or commit it had from it (a crashed, paused or cut-off consumer
/// is evicted on time); and a consumer that has not polled for its `max.poll.interval` leaves.
extension QueueController {
    /// What a heartbeat tells a member (the error codes of Kafka's `HeartbeatResponse`).
    public enum HeartbeatAnswer: Sendable, Equatable {
        /// It is a member, of the group's current generation, and no rebalance is being prepared.
        case stable
        /// It is a member and a rebalance is being prepared (REBALANCE_IN_PROGRESS): at its next
        /// poll it commits, revokes its partitions and rejoins.
        case rebalancing
        /// The group no longer has it — evicted for silence, or it left (UNKNOWN_MEMBER_ID) — or
        /// its partitions are of a generation the group has left behind (ILLEGAL_GENERATION): it
        /// gives them up without committing and rejoins.
        case fenced
    }

    /// A heartbeat from `member` of `group`, which holds the partitions of `generation` (nil:
    /// none). It keeps a member's session going, a rebalance being prepared included.
    func heartbeat(group name: String, member: String, generation: Int?) -> HeartbeatAnswer {
        guard let index = groups.index(forKey: name), groups.values[index].members[member] != nil else { return .fenced }
        // In place, as a poll does.
        groups.values[index].members[member]!.lastSeen = simulation.now
        if groups.values[index].isPreparingRebalance { return .rebalancing }
        return generation == nil || generation == groups.values[index].generation ? .stable : .fenced
    }

    /// `member` leaves `group` (Kafka's `LeaveGroup`, sent when its polls stopped for its
    /// `max.poll.interval`): the group prepares a rebalance without waiting for its session to end.
    func leave(group name: String, member: String) {
        guard let index = groups.index(forKey: name), groups.values[index].members[member] != nil else { return }
        remove(member, from: &groups.values[index], name, because: "left")
    }

    /// Checks `member`'s session when it would end, a session timeout after `lastSeen` (Kafka's
    /// `DelayedHeartbeat`): if nothing came from it since, it is evicted at that instant; else the
    /// check moves to the new end. One check is pending per member at a time.
    ///
    /// A watch scheduled before the group's last load (by a coordinator it has moved to since, or
    /// by the same broker before its restart), or one due while the coordinator broker's process
    /// is down, does nothing: that process is gone, and the next load watches every member again
    /// from then (QueueController+Coordinators.swift).
    ///
    /// `loads` is the group's ``GroupState/loads`` when the watch starts (passed in: a poll
    /// starts one while it holds the group in place).
    func watchSession(of member: String, in name: String, session: Int, lastSeen: VirtualInstant, loads: Int) {
        let end = lastSeen.advanced(by: configuration.sessionTimeout)
        simulation.schedule(after: simulation.now.duration(to: end)) { [self] in
            checkSession(of: member, in: name, session: session, lastSeen: lastSeen, loads: loads)
        }
    }

    /// The check ``watchSession(of:in:session:lastSeen:loads:)`` schedules. A paused coordinator's
    /// process is frozen with its timers: the check runs when it resumes, after what reached it
    /// meanwhile (the members' heartbeats, held by the pause, are handled first), so a pause
    /// evicts only members that sent nothing — as a crash's restart would.
    private func checkSession(of member: String, in name: String, session: Int, lastSeen: VirtualInstant, loads: Int) {
        guard let index = groups.index(forKey: name), groups.values[index].loads == loads,
              let coordinator = groups.values[index].coordinator, brokerRuns(coordinator),
              let known = groups.values[index].members[member], known.session == session else { return }
        if let resumes = broker(coordinator).flatMap({ network.node($0.id)?.pausedUntil }), resumes > simulation.now {
            simulation.schedule(after: simulation.now.duration(to: resumes)) { [self] in
                checkSession(of: member, in: name, session: session, lastSeen: lastSeen, loads: loads)
            }
            return
        }
        if known.lastSeen == lastSeen {
            remove(member, from: &groups.values[index], name, because: "evicted")
        } else {
            watchSession(of: member, in: name, session: session, lastSeen: known.lastSeen, loads: loads)
        }
    }

    /// Takes `member` out of `group`, which prepares a rebalance unless it is preparing one: the
    /// partitions it owned wait, uncommitted, for the next generation.
    private func remove(_ member: String, from group: inout GroupState, _ name: String, because reason: String) {
        group.members[member] = nil
        simulation.trace.record(.custom, coordinatorName(group), "\(reason) \(member) from \(name)")
        simulation.observeInstant(.queue, coordinatorName(group), "member \(reason)", detail: "\(name) \(member)",
                                  subject: Observation.Subject(.group(name)))
        if !group.isPreparingRebalance { prepareRebalance(&group, name) }
    }
}
