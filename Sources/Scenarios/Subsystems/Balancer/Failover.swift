import Reports
import Simulator

/// One break of a server and the balancer's reaction: when its first fault began, when the
/// balancer took the server out of rotation (detection), when its faults were repaired, and when
/// the server was back in rotation (recovery). A break lasts from its first fault until the server
/// is back in rotation: a fault that strikes while the break holds the server out joins it rather
/// than opening a row of its own (``find(in:events:end:servers:balancer:)``).
public struct Failover: Sendable, Equatable {
    /// The server's hostname.
    public var server: String
    /// The break's faults as the report writes them (``Fault/reportText``), in timeline order:
    /// one, e.g. `crash s2`, unless later faults joined it; then each after the first with when
    /// it struck, if later than the first (`crash s2 (at 9.946 s)`), and, if the break was not
    /// repaired by the run's end, each repaired in the run with its repair (`crash s2 (at 9.946 s,
    /// repaired 10.946 s)`).
    public var faults: [String]
    /// Virtual seconds at which the break's first fault began.
    public var at: Double
    /// When the balancer marked the server down, if it did before the server's next break: the
    /// first fault's detection, whatever joined it.
    public var detectedAt: Double?
    /// When the server was whole again from every fault of the break — restarted and booted, hang
    /// or pause over, errors or slowness ended, reconnected: the latest of its faults' repairs;
    /// nil if one of them never was during the run.
    public var repairedAt: Double?
    /// When it was back in rotation after the repair — the first instant at or after both the
    /// repair and the detection at which no mechanism held it down any longer
    /// (``RotationState``), even if another break of it began meanwhile — if it was by the run's
    /// end; nil too for a break the balancer never detected (the server never left rotation).
    public var recoveredAt: Double?

    public init(server: String, faults: [String], at: Double, detectedAt: Double?, repairedAt: Double?, recoveredAt: Double?) {
        self.server = server
        self.faults = faults
        self.at = at
        self.detectedAt = detectedAt
        self.repairedAt = repairedAt
        self.recoveredAt = recoveredAt
    }

    /// A break of one fault.
    public init(server: String, fault: String, at: Double, detectedAt: Double?, repairedAt: Double?, recoveredAt: Double?) {
        self.init(server: server, faults: [fault], at: at, detectedAt: detectedAt, repairedAt: repairedAt, recoveredAt: recoveredAt)
    }

    /// The break's faults as one text, joined by ` + `: `crash web2 + pause web2 for 2.000 s (at 8.000 s)`
    /// (``find(in:events:end:servers:balancer:)`` writes when each joined fault struck, and, in a
    /// break not repaired by the run's end, the repairs of those that were). At most
    /// ``faultsListed`` of them, then how many more: a server crashed again and again while out of
    /// rotation joined 3,599 faults in one cell of 40,000 characters.
    public var fault: String {
        guard faults.count > Self.faultsListed else { return faults.joined(separator: " + ") }
        let more = faults.count - Self.faultsListed
        return faults.prefix(Self.faultsListed).joined(separator: " + ") + " + " + NumberFormat.counted(more, "more fault")
    }

    /// How many of a break's faults ``fault`` names; report.json's `faults` has them all.
    public static let faultsListed = 4
    /// Fault to detection.
    public var detectionTime: Double? { detectedAt.map { VirtualSeconds.between(at, $0) } }
    /// Repair to recovery.
    public var recoveryTime: Double? {
        guard let recoveredAt, let repairedAt else { return nil }
        return VirtualSeconds.between(repairedAt, recoveredAt)
    }
}
