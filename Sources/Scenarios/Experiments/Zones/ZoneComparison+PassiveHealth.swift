import Reports
import Simulator

/// What passive health did to the downed zone's servers, from the balancer's events: the report
/// says the forwards stopped "once passive health had marked its servers down" only when the
/// events show every one of them marked down by then, and that they came back "only after
/// fail_timeout" only when a probe after `fail_timeout` is what they came back with. A file whose
/// forwards stopped a millisecond after the crash (max_fails 3 of a 2 s forward timeout) or
/// resumed 1.3 s after a 30 s fail_timeout was told otherwise.
extension ZoneComparison {
    /// The hostnames of zone `zone`'s servers.
    func hostnames(inZone zone: String) -> Set<String> {
        Set(base.servers.filter { $0.zone == zone }.map(\.id.name))
    }

    /// When passive health first marked each of the zone's servers down at or after `crash`, in
    /// virtual seconds; a server it never marked down has no entry.
    func passiveMarks(zone: String, crash: Double, events: [BalancerFigures.Event]) -> [String: Double] {
        let servers = hostnames(inZone: zone)
        let passive = BalancerEvent.Kind.markedDown(.passive).description
        var marks: [String: Double] = [:]
        for event in events where event.description == passive && event.at >= crash && servers.contains(event.subject) && marks[event.subject] == nil {
            marks[event.subject] = event.at
        }
        return marks
    }

    /// The first probe after `fail_timeout` of one of the zone's servers at or after `instant`.
    func firstProbe(zone: String, after instant: Double, events: [BalancerFigures.Event]) -> Double? {
        let servers = hostnames(inZone: zone)
        return events.first { $0.isProbe && $0.at >= instant && servers.contains($0.subject) }?.at
    }

    /// What stopped the forwards to the zone by the end of second `second`: ", once passive health
    /// had marked its servers down, the last at 32.004 s" when the events show it; otherwise that
    /// it had not yet, and — when the crash was less than a forward timeout earlier — that the
    /// forwards already sent there were still waiting for it; "" without passive health.
    func stopCause(zone: String, second: Int, crash: Double, events: [BalancerFigures.Event]) -> String {
        guard let passive = base.balancer?.configuration.passiveHealth else { return "" }
        let servers = hostnames(inZone: zone)
        let marks = passiveMarks(zone: zone, crash: crash, events: events)
        let end = Double(second + 1)
        if marks.count == servers.count, let last = marks.values.max(), last < end {
            return ", once passive health had marked its servers down, the last at \(DurationFormat.seconds(last))"
        }
        let markedBy = marks.values.filter { $0 < end }.count
        var text = markedBy == 0
            ? ", before passive health (max_fails \(passive.maxFails)) had marked any of its servers down"
            : ", when passive health (max_fails \(passive.maxFails)) had marked \(NumberFormat.integer(markedBy)) of its \(NumberFormat.counted(servers.count, "server")) down"
        if let timeout = base.balancer?.configuration.forwardTimeout.seconds, end - crash <= timeout {
            text += ": the forwards sent there were still waiting out the \(DurationFormat.seconds(timeout)) forward timeout"
        }
        return text
    }
}

extension ZoneComparison {
    /// Whether locality saves zone `zone`'s clients a round trip: some other zone with servers is
    /// farther (mean one-way latency) than the zone's own links.
    func savesRoundTrip(_ zone: String, figures: ZoneFigures) -> Bool {
        guard let zones = base.zones, let own = zones.names.firstIndex(of: zone) else { return true }
        let within = zones.within.latency.mean ?? 0
        return figures.zones.contains { other in
            guard other.name != zone, other.servers > 0, let index = zones.names.firstIndex(of: other.name) else { return false }
            return (zones.profile(from: own, to: index).latency.mean ?? 0) > within
        }
    }
}
