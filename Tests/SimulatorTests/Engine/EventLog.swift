@testable import Simulator

/// Collects what tasks did, in order. `@unchecked Sendable`: used on one simulation thread.
final class EventLog: @unchecked Sendable {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}
