import Simulator
import Yams

extension RunReplay {
    /// The `--set` overrides that turn the world a file describes (`file`) into `world`, for what
    /// the experiments vary: the run's length, the servers' slots, queue, speed and weight, the
    /// balancer's strategy, timeout, keepalive pool, health checks and locality, the workload's
    /// users, rate, think time, ramp-up and bursts, the faults, the deployment. Servers removed,
    /// or the servers of one `count:` entry changed unequally, replace the whole `servers:` list
    /// (``serverList(_:_:entries:)``). Nil when a difference has no key path: a server the file does not
    /// name, a fault other than a crash, restart or slow, a distribution other than exponential or
    /// constant. A difference in any other section is left for ``overrides(file:world:)``'s check.
    ///
    /// - Parameter serverEntries: the entries of the file's `servers:` list, as written.
    static func overrides(from file: Scenario, to world: Scenario, serverEntries: [Node]) -> [ScenarioOverride]? {
        var list = OverrideList()
        list.set("run.duration", file.limits.duration, world.limits.duration) { $0.map(YAMLSpelling.duration) ?? YAMLSpelling.null }
        list.set("run.requests", file.limits.requests, world.limits.requests) { $0.map(String.init) ?? YAMLSpelling.null }
        list.set("run.max_events", file.limits.eventLimit, world.limits.eventLimit) { String($0) }
        guard list.servers(file.servers, world.servers, entries: serverEntries),
              list.balancer(file.balancer, world.balancer),
              list.workload(file.workload, world.workload),
              list.faults(file.faults, world.faults),
              list.deployment(file.deployment, world.deployment) else { return nil }
        return list.overrides
    }
}

/// Overrides gathered in the order of the file's sections, each only where the value differs.
private struct OverrideList {
    var overrides: [ScenarioOverride] = []

    /// `path=spelled(after)` when `after` differs from `before`.
    mutating func set<Value: Equatable>(_ path: String, _ before: Value, _ after: Value, _ spelled: (Value) -> String) {
        if before != after { overrides.append(ScenarioOverride(path: path, value: spelled(after))) }
    }

    /// `servers.N.field=value` for each entry whose servers all changed alike; when that cannot
    /// say it — servers removed, or the servers of one `count:` entry changed unequally (speeds
    /// 2, 1, 1, 0.5 for four `s`: no key path reaches one server of a group) — the whole list as
    /// ``RunReplay/serverList(_:_:entries:)`` writes it. False when neither can.
    mutating func servers(_ before: [Scenario.Server], _ after: [Scenario.Server], entries: [Node]) -> Bool {
        if let perEntry = Self.entryOverrides(before, after, entries: entries) {
            overrides += perEntry
            return true
        }
        guard let list = RunReplay.serverList(before, after, entries: entries) else { return false }
        overrides.append(ScenarioOverride(path: "servers", value: list))
        return true
    }

    /// `servers.N.field=value` for each changed field of an entry whose servers all changed
    /// alike; nil when servers were added or removed or one entry's changed unequally.
    private static func entryOverrides(_ before: [Scenario.Server], _ after: [Scenario.Server], entries: [Node]) -> [ScenarioOverride]? {
        let counts = entries.map { $0["count"]?.int ?? 1 }
        guard before.count == after.count, counts.reduce(0, +) == before.count else { return nil }
        var overrides: [ScenarioOverride] = []
        var start = 0
        for (index, count) in counts.enumerated() {
            let range = start..<(start + count)
            start += count
            for field in RunReplay.serverFields {
                let old = before[range].map(field.spelled), new = after[range].map(field.spelled)
                guard old != new else { continue }
                guard let value = new.first, new.allSatisfy({ $0 == value }) else { return nil }
                overrides.append(ScenarioOverride(path: "servers.\(index).\(field.key)", value: value))
            }
        }
        return overrides
    }

    mutating func balancer(_ before: Scenario.Balancer?, _ after: Scenario.Balancer?) -> Bool {
        guard let before, let after else { return before == after }
        set("balancer.strategy", before.strategy, after.strategy, YAMLSpelling.strategy)
        let old = before.configuration, new = after.configuration
        set("balancer.forward_timeout", old.forwardTimeout, new.forwardTimeout, YAMLSpelling.duration)
        if old.healthCheck != new.healthCheck {
            guard let spelled = new.healthCheck.map(Self.healthCheck) ?? YAMLSpelling.null else { return false }
            overrides.append(ScenarioOverride(path: "balancer.health_check", value: spelled))
        }
        if new.locality == nil, old.locality != nil { overrides.append(ScenarioOverride(path: "balancer.locality", value: YAMLSpelling.null)) }
        // The strategy comparison's round_robin, ip_hash and hash cells run without the file's slow_start.
        if new.slowStart == nil, old.slowStart != nil { overrides.append(ScenarioOverride(path: "balancer.slow_start", value: YAMLSpelling.null)) }
        switch (old.keepalive, new.keepalive) {
        case (let old?, let new?):
            set("balancer.keepalive.connections", old.idleConnections, new.idleConnections) { String($0) }
            set("balancer.keepalive.requests", old.requestsPerConnection, new.requestsPerConnection) { String($0) }
            set("balancer.keepalive.timeout", old.idleTimeout, new.idleTimeout, YAMLSpelling.duration)
            set("balancer.keepalive.workers", old.workers, new.workers) { String($0) }
            set("balancer.keepalive.tls", old.tls, new.tls) { String($0) }
            set("balancer.keepalive.connect_timeout", old.connectTimeout, new.connectTimeout, YAMLSpelling.duration)
        case (_?, nil):
            overrides.append(ScenarioOverride(path: "balancer.keepalive", value: YAMLSpelling.null))
        default:
            break
        }
        return true
    }

    /// A whole `health_check:` mapping, its timings and counts and what differs from HAProxy's
    /// defaults; nil for a check that observes the forwards (not spelled) or asks another path.
    private static func healthCheck(_ check: ActiveHealthCheck) -> String? {
        let defaults = ActiveHealthCheck()
        guard check.observe == nil, check.path == defaults.path else { return nil }
        var fields = ["interval: \(YAMLSpelling.duration(check.interval))", "timeout: \(YAMLSpelling.duration(check.timeout))",
                      "rise: \(check.rise)", "fall: \(check.fall)"]
        if let fast = check.fastInterval { fields.append("fastinter: \(YAMLSpelling.duration(fast))") }
        if let down = check.downInterval { fields.append("downinter: \(YAMLSpelling.duration(down))") }
        if check.spreadPercent != defaults.spreadPercent { fields.append("spread_checks: \(check.spreadPercent)") }
        if let spread = check.maxSpread { fields.append("max_spread_checks: \(YAMLSpelling.duration(spread))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    mutating func workload(_ before: Workload?, _ after: Workload?) -> Bool {
        guard let before, let after else { return before == after }
        switch (before.arrivals, after.arrivals) {
        case (.closedLoop(let oldUsers, let oldThink), .closedLoop(let users, let think)):
            set("workload.users", oldUsers, users) { String($0) }
            if oldThink != think {
                guard let spelled = YAMLSpelling.distribution(think) else { return false }
                overrides.append(ScenarioOverride(path: "workload.think_time", value: spelled))
            }
        case (.closedLoop, .openLoop(let rate)):
            // The closed loop's keys are removed (null is absent to the loader), the open loop's set.
            overrides += [ScenarioOverride(path: "workload.type", value: "open_loop"), ScenarioOverride(path: "workload.users", value: YAMLSpelling.null),
                          ScenarioOverride(path: "workload.think_time", value: YAMLSpelling.null), ScenarioOverride(path: "workload.rate", value: YAMLSpelling.number(rate))]
        case (.openLoop(let oldRate), .openLoop(let rate)):
            set("workload.rate", oldRate, rate, YAMLSpelling.number)
        case (.openLoop, .closedLoop):
            return false
        }
        set("workload.ramp_up", before.rampUp, after.rampUp) { $0.map(YAMLSpelling.duration) ?? YAMLSpelling.null }
        set("workload.bursts", before.bursts, after.bursts) { bursts in
            "[" + bursts.map { "{at: \(YAMLSpelling.duration($0.at)), for: \(YAMLSpelling.duration($0.duration)), multiplier: \(YAMLSpelling.number($0.multiplier))}" }.joined(separator: ", ") + "]"
        }
        set("workload.timeout", before.timeout, after.timeout, YAMLSpelling.duration)
        set("workload.clients", before.clients, after.clients) { String($0) }
        return true
    }

    /// The whole `faults:` list, when the entries differ (the chaos must not).
    mutating func faults(_ before: FaultSchedule, _ after: FaultSchedule) -> Bool {
        guard before.entries != after.entries else { return true }
        guard before.chaos == after.chaos else { return false }
        var items: [String] = []
        for entry in after.entries {
            guard entry.writtenLength == nil, let fields = YAMLSpelling.fault(entry.fault) else { return false }
            items.append("{at: \(YAMLSpelling.duration(VirtualInstant.zero.duration(to: entry.at))), \(fields)}")
        }
        overrides.append(ScenarioOverride(path: "faults", value: "[" + items.joined(separator: ", ") + "]"))
        return true
    }

    mutating func deployment(_ before: DeploymentPlan?, _ after: DeploymentPlan?) -> Bool {
        guard let before, let after else { return before == after }
        guard before.servers == after.servers else { return false }
        set("deploy.at", before.at, after.at, YAMLSpelling.duration)
        set("deploy.strategy", before.strategy, after.strategy) { $0.rawValue }
        set("deploy.drain", before.drain, after.drain) { String($0) }
        set("deploy.drain_timeout", before.drainTimeout, after.drainTimeout, YAMLSpelling.duration)
        set("deploy.boot_time", before.bootTime, after.bootTime, YAMLSpelling.duration)
        set("deploy.health_deadline", before.healthDeadline, after.healthDeadline, YAMLSpelling.duration)
        set("deploy.pause", before.pause, after.pause, YAMLSpelling.duration)
        set("deploy.max_error_ratio", before.maxErrorRatio, after.maxErrorRatio) { $0.map(YAMLSpelling.number) ?? YAMLSpelling.null }
        set("deploy.version", before.version, after.version) { String($0) }
        set("deploy.release_error_rate", before.releaseErrorRate, after.releaseErrorRate, YAMLSpelling.number)
        return true
    }
}
