import Simulator

extension FaultSchedule {
    /// A fault as a report lists it, `text` describing it at `at`. One scheduled after the run
    /// ended never happened (a world whose clients stop at `run.duration` ends when their last
    /// answer comes): it is marked as not reached instead of listed as if it struck.
    static func reportLine(_ text: String, at: VirtualInstant, end: VirtualInstant) -> String {
        at > end ? "\(text) (not reached: the run ended at \(end))" : text
    }
}

extension FaultSchedule.Entry {
    /// The entry as a report lists it (``FaultSchedule/reportLine(_:at:end:)``).
    func reportLine(end: VirtualInstant) -> String {
        FaultSchedule.reportLine("\(at): \(fault)", at: at, end: end)
    }
}
