import Reports

/// A-3's failover prose: the setup sentence and "Why these numbers", each sentence built from the
/// figures of its table. Every duration goes through `DurationFormat.readable`, so a 1 µs timeout
/// reads `0.001 ms` everywhere (it read "< 0.001 s", "0.000 s timeout" and "the 0 ms forward
/// timeout" in one report), and a run where nothing was detected, answered or retried says so
/// instead of printing a negative detection, "0.0 ms" latencies or "answered by its retry".
extension A3Result {
    /// A duration as A-3's tables and prose print it; `—` when there is none.
    static func duration(_ seconds: Double?) -> String {
        seconds.map { DurationFormat.readable($0) } ?? "—"
    }

    /// "retries once on the next replica clockwise", "does not retry", "retries 2 times …": where
    /// a retry goes is the placement's. On the assignment's map it is the next virtual server
    /// clockwise that belongs to another replica; any other placement is asked again for the
    /// request's id rehashed, past the replicas already tried (``BalancerPlacement/server(for:excluding:)``),
    /// so "clockwise" there (jump, rendezvous) meant nothing.
    static func retrying(_ retries: Int, placement: PlacementSpec = .assignment(.assignment)) -> String {
        let clockwise: Bool
        if case .assignment = placement { clockwise = true } else { clockwise = false }
        switch retries {
        case 0: return "does not retry"
        case 1: return clockwise ? "retries once on the next replica clockwise" : "retries once on the replica the placement gives the request's id rehashed, past the one already tried"
        default:
            return clockwise
                ? "retries up to \(NumberFormat.integer(retries)) times on the next replicas clockwise"
                : "retries up to \(NumberFormat.integer(retries)) times, each on the replica the placement gives the request's id rehashed, past those already tried"
        }
    }

    /// The traffic, the kill, the heartbeats and the timeouts of the failover run.
    func failoverSetup(_ failover: A3Experiment.Failover) -> String {
        let heartbeat = failover.heartbeat
        let rate = NumberFormat.trimmed(failover.rate, maxDecimals: 3, grouping: true) + (failover.rate == 1 ? " request/s" : " requests/s")
        var out = "Open-loop traffic at \(rate) for \(Self.duration(failover.duration.seconds)); \(killed.markdownCode) is killed at \(Self.duration(killedAt)). "
        out += "Heartbeats every \(Self.duration(heartbeat.interval.seconds)) with a \(Self.duration(heartbeat.timeout.seconds)) timeout; "
        out += "a replica is declared dead after \(NumberFormat.counted(heartbeat.missesBeforeDown, "missed heartbeat")) and replaced after \(Self.duration(heartbeat.spawnDelay.seconds)). "
        out += "Placement: \(placement.summary). The balancer waits \(Self.duration(failover.forwardTimeout.seconds)) for a replica and \(Self.retrying(failover.retries, placement: placement)); "
        out += "clients give up after \(Self.duration(failover.clientTimeout.seconds)).\n\n"
        return out
    }

    /// The body of "Why these numbers": detection, false suspicions, failed forwards, latency, losses.
    func whyTheseNumbers(_ failover: A3Experiment.Failover) -> String {
        [detectionText(failover), falseSuspicionText(failover), forwardsText(failover), latencyText(failover), lossText(failover)]
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The detection range and where this run's detection fell in it; or why there was none.
    func detectionText(_ failover: A3Experiment.Failover) -> String {
        let heartbeat = failover.heartbeat
        let interval = heartbeat.interval.seconds, timeout = heartbeat.timeout.seconds
        let misses = Double(heartbeat.missesBeforeDown)
        // Rounds never overlap: one that waits out a timeout longer than the interval delays
        // the next, so missed rounds come max(interval, timeout) apart.
        let period = max(interval, timeout)
        let shortest = (misses - 1) * period + timeout
        let needs = "Detection needs \(NumberFormat.counted(heartbeat.missesBeforeDown, "missed heartbeat"))"
        guard let detection = detectionTime, let declaredDeadAt else {
            if let early = killedDeclaredDeadBeforeKill {
                return "\(killed.markdownCode) had already been declared dead at \(Self.duration(early)), before its kill at \(Self.duration(killedAt)) (a false suspicion), and taken off the map, so no declaration followed the kill: detection and respawn have no value."
            }
            let left = runEndsAt - killedAt
            let why = shortest > left
                ? ": detection needs \(NumberFormat.counted(heartbeat.missesBeforeDown, "missed heartbeat")), at least \(Self.duration(shortest)) after the kill, more than the \(Self.duration(left)) the run had left"
                : ""
            return "No declaration of \(killed.markdownCode)'s death followed its kill before the run ended at \(Self.duration(runEndsAt))\(why)."
        }
        let spacing = timeout > interval
            ? "; rounds never overlap (each waits for its timeouts), missed ones coming \(Self.duration(period)) apart (the timeout, longer than the \(Self.duration(interval)) interval)"
            : ""
        var out = "\(needs); the first missed round starts within one interval of the kill, and each miss is only known when its \(Self.duration(timeout)) timeout expires\(spacing), "
        out += "so detection takes between \(Self.duration(shortest)) and \(Self.duration(interval + shortest)); here \(Self.duration(detection)). "
        let spawnDelay = heartbeat.spawnDelay.seconds
        if let respawn = respawnTime {
            let after = respawn - detection
            let isSpawnDelay = abs(after - spawnDelay) < 0.5e-9
            out += "The replacement \((replacement ?? "").markdownCode) served \(Self.duration(after)) after detection\(isSpawnDelay ? ", the spawn delay" : "")."
        } else if declaredDeadAt + spawnDelay > runEndsAt {
            out += "Its replacement would serve one spawn delay (\(Self.duration(spawnDelay))) after detection, at \(Self.duration(declaredDeadAt + spawnDelay)), after the run ended at \(Self.duration(runEndsAt))."
        } else {
            out += "No replacement served for it before the run ended at \(Self.duration(runEndsAt))."
        }
        return out
    }

    /// Replicas declared dead that had not failed: heartbeats slower than their timeout.
    func falseSuspicionText(_ failover: A3Experiment.Failover) -> String {
        let suspicions = falseSuspicions
        guard let first = suspicions.first else { return "" }
        let before = suspicions.filter { $0.at < killedAt }.count
        let timeout = failover.heartbeat.timeout.seconds
        let range = A3Experiment.oneWayLatency
        var out = "The replica manager declared \(NumberFormat.counted(suspicions.count, "replica")) dead that had not failed (false suspicions), "
        out += "\(before == suspicions.count ? (suspicions.count == 1 ? "before" : "all before") : "\(NumberFormat.integer(before)) of them before") the kill, the first at \(Self.duration(first.at))"
        if timeout < 2 * range.upperBound {
            out += ": a heartbeat's round trip on these links takes \(Self.duration(2 * range.lowerBound)) to \(Self.duration(2 * range.upperBound)), and \(NumberFormat.counted(failover.heartbeat.missesBeforeDown, "heartbeat")) in a row took longer than the \(Self.duration(timeout)) timeout"
        }
        return out + "."
    }

    /// Forwards that failed: to the killed replica (and why), and to the live ones.
    func forwardsText(_ failover: A3Experiment.Failover) -> String {
        let forward = Self.duration(failover.forwardTimeout.seconds)
        let waits = failover.retries > 0 ? "waits the full forward timeout before its retry" : "waits the full forward timeout, then fails (the balancer does not retry)"
        let toKilled = NumberFormat.counted(failedForwardsToKilled, "forward")
        var out: String
        if detectionTime != nil {
            out = "Until detection, every request that hashes to \(killed.markdownCode) is first forwarded there and \(waits): \(toKilled) failed that way."
        } else if killedDeclaredDeadBeforeKill != nil {
            out = failedForwardsToKilled == 0 ? "" : "\(toKilled) to \(killed.markdownCode) failed while it was still on the map, before its kill."
        } else {
            out = "For the rest of the run, every request that hashes to \(killed.markdownCode) is first forwarded there and \(waits): \(toKilled) failed that way."
        }
        let elsewhere = failedForwards - failedForwardsToKilled
        guard elsewhere > 0 else { return out }
        let range = A3Experiment.oneWayLatency, timeout = failover.forwardTimeout.seconds
        let why = timeout <= 2 * range.lowerBound
            ? "no forward is answered within the \(forward) forward timeout, at most the shortest round trip on these links (\(Self.duration(2 * range.lowerBound)))"
            : timeout < 2 * range.upperBound
                ? "not answered within the \(forward) forward timeout, shorter than the longest round trip on these links (\(Self.duration(2 * range.upperBound))) before any service time"
                : "not answered within the \(forward) forward timeout, more traffic than they serve in it"
        return (out.isEmpty ? "" : out + " ") + "\(NumberFormat.counted(elsewhere, "forward")) to the live replicas failed too: \(why)."
    }

    /// What the retried requests' wait did to the latency of the answered ones.
    func latencyText(_ failover: A3Experiment.Failover) -> String {
        guard succeeded > 0 else {
            return issued == 0 ? "No request was issued." : "No request was answered, so there is no latency to show: all \(NumberFormat.integer(issued)) were lost."
        }
        let p99Text = Self.duration(p99), slowest = Self.duration(maxLatency)
        let share = issued > 0 ? Double(retried) / Double(issued) : 0
        let wait = Self.duration(failover.forwardTimeout.seconds)
        let above = "p\(NumberFormat.fixed(100 * (1 - share), decimals: 2))"
        if retried == 0 { return "No request was retried, so no latency shows the \(wait) wait." }
        if lost > 0 {
            // A lost request is in no percentile of the answered ones; not every lost one waited
            // for its client to give up (a full queue's 503 came at once).
            let how = clientTimeouts == lost
                ? "got no answer before their clients gave up (after \(Self.duration(failover.clientTimeout.seconds)))"
                : "got no 2xx answer (timed out or answered with an error)"
            return "Those retried requests are \(NumberFormat.percent(share, decimals: 2)) of all requests; \(NumberFormat.integer(lost)) requests \(how), so they are in no percentile of the answered ones (p99 = \(p99Text), the slowest answered \(slowest))."
        }
        // Only a share under 1 % keeps the wait out of p99.
        let percentiles = share < 0.01
            ? "shows only in percentiles above \(above) (the slowest answered request took \(slowest)), not in p99 = \(p99Text)"
            : "shows in every percentile above \(above), p99 = \(p99Text) among them (the slowest answered request took \(slowest))"
        return "Those retried requests are \(NumberFormat.percent(share, decimals: 2)) of all requests, so the \(wait) they each waited \(percentiles)."
    }

    /// Whether the clients lost anything, and why.
    func lossText(_ failover: A3Experiment.Failover) -> String {
        if lost == 0 {
            return failedForwards == 0 ? "No forward failed, so no client lost a request." : "Every failed forward was answered by its retry, so no client lost a request."
        }
        if failedForwards == 0 { return unforwardedLossText(failover) }
        guard failover.retries == 0 else { return retriedLossText(failover) }
        // Without retries each failed forward is one request the balancer could not get answered;
        // the rest of those were never forwarded (40 lost against 15 failed forwards read only
        // "see the lost requests above").
        let unforwarded = unanswered - failedForwards
        guard unforwarded > 0 else { return "Without retries, no failed forward could be rescued: see the lost requests above." }
        var out = "Without retries, each of the \(NumberFormat.counted(failedForwards, "failed forward")) lost its request; the other \(NumberFormat.integer(unforwarded)) of the \(NumberFormat.integer(unanswered)) requests the balancer could not get answered were never forwarded: it answered them 502 at once, because no replica was left on its map to route to"
        if !falseSuspicions.isEmpty {
            out += " (the replica manager's \(NumberFormat.counted(falseSuspicions.count, "false suspicion")) had taken the replicas off it)"
        } else if let declaredDeadAt, let replacementServingAt, let replacement {
            out += " (from \(killed.markdownCode)'s declaration at \(Self.duration(declaredDeadAt)) until \(replacement.markdownCode) served at \(Self.duration(replacementServingAt)))"
        }
        return out + "."
    }

    /// Requests lost although failed forwards were retried: whether the retries could rescue them
    /// (a client that waits no longer than the forward timeout has given up before the retry; a
    /// request the balancer could not get answered was not rescued), then what the clients lost,
    /// cause by cause from the figures. "Not every failed forward could be rescued by a retry"
    /// once stood over 2,197 losses that were full queues' 503s and client timeouts, while the
    /// balancer got an answer for every request.
    func retriedLossText(_ failover: A3Experiment.Failover) -> String {
        let forward = failover.forwardTimeout, client = failover.clientTimeout
        var out: String
        if forward >= client {
            out = "Not every failed forward could be rescued by a retry: each waited the \(Self.duration(forward.seconds)) forward timeout, no shorter than the \(Self.duration(client.seconds)) a client waits, so its client had given up first."
        } else if unanswered > 0 {
            out = "Not every failed forward could be rescued by a retry: the balancer could not get \(NumberFormat.counted(unanswered, "request")) answered."
        } else {
            out = "Every failed forward's retry was answered (the balancer got an answer for every request), so the clients' losses are not failed forwards left unanswered."
        }
        var causes: [String] = []
        if rejectedByFullQueues > 0 {
            causes.append("\(NumberFormat.integer(rejectedByFullQueues)) were answered 503 by a replica whose queue was full: more traffic than the replicas serve (overload)")
        }
        if clientTimeouts > 0 {
            causes.append("\(NumberFormat.integer(clientTimeouts)) timed out at the client (after \(Self.duration(client.seconds)))")
        }
        let otherErrors = max(0, clientErrors - rejectedByFullQueues)
        if otherErrors > 0 {
            causes.append("\(NumberFormat.integer(otherErrors)) got another error" + (unanswered > 0 ? " (the balancer's 502 for a request it could not get answered among them)" : ""))
        }
        guard !causes.isEmpty else { return out }
        return out + " Clients lost \(NumberFormat.counted(lost, "request")): " + causes.joined(separator: "; ") + "."
    }

    /// Requests lost without a failed forward, and why from the figures. With no forward failed,
    /// a request the balancer could not get answered was never forwarded: it found no replica on
    /// the map to route to (the replica manager had declared them dead) and was answered 502 at
    /// once. "No forward failed, yet clients lost 229 requests: 0 timed out, 229 got an error"
    /// did not say so.
    func unforwardedLossText(_ failover: A3Experiment.Failover) -> String {
        var parts: [String] = []
        if unanswered > 0 {
            var why = "the balancer answered \(unanswered == lost ? "all \(NumberFormat.integer(unanswered))" : NumberFormat.integer(unanswered)) with 502 without forwarding them, because no replica was left on its map to route to"
            if !falseSuspicions.isEmpty {
                why += " (the replica manager's \(NumberFormat.counted(falseSuspicions.count, "false suspicion")) had taken the replicas off it)"
            }
            parts.append(why)
        }
        if clientTimeouts > 0 {
            parts.append("\(NumberFormat.integer(clientTimeouts)) timed out at the client (after \(Self.duration(failover.clientTimeout.seconds)))")
        }
        let otherErrors = max(0, clientErrors - unanswered)
        if otherErrors > 0 { parts.append("\(NumberFormat.integer(otherErrors)) got another error") }
        let lostText = "No forward failed, yet clients lost \(NumberFormat.counted(lost, "request"))"
        return parts.isEmpty ? lostText + "." : lostText + ": " + parts.joined(separator: "; ") + "."
    }
}
