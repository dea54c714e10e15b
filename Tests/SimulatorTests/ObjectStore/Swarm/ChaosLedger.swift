@testable import Simulator

/// What the swarm's writers asked for and what the store acknowledged, per key, in order.
///
/// `@unchecked Sendable`: written by tasks of one simulation, on its thread only.
final class ChaosLedger: @unchecked Sendable {
    /// One write to a versioned key.
    struct Write {
        /// The bytes put, or nil for a delete (a delete marker).
        let bytes: [UInt8]?
        /// The version id the store acknowledged; nil while (or if never) acknowledged.
        var versionId: String?
        /// Attempts the client needed: an earlier attempt of a retried write may still be applied
        /// late, after writes that came later.
        var attempts = 0
    }

    /// Writes per key of the versioned bucket, in the order they were issued.
    var writes: [String: [Write]] = [:]
    /// Version ids removed by acknowledged version-specific deletes, and ones whose delete got no answer.
    var removedVersions: Set<String> = []
    var maybeRemovedVersions: Set<String> = []
    /// Acknowledged puts to the lifecycle bucket.
    var scratch: [String: [UInt8]] = [:]
    /// Broken invariants, as messages.
    var violations: [String] = []

    /// The versions of `key` acknowledged as puts, with their bytes.
    func acknowledgedPuts(_ key: String) -> [(versionId: String, bytes: [UInt8])] {
        (writes[key] ?? []).compactMap { write in
            guard let id = write.versionId, let bytes = write.bytes else { return nil }
            return (id, bytes)
        }
    }

    /// What a read of `key` may return right after acknowledged write `index`: that write, or any
    /// write whose earlier attempts may have been applied late (never acknowledged, or acknowledged
    /// only on a retry). nil stands for "no object".
    func acceptableReads(_ key: String, after index: Int) -> [[UInt8]?] {
        let all = writes[key] ?? []
        return [all[index].bytes] + all.enumerated()
            .filter { $0.offset != index && ($0.element.versionId == nil || $0.element.attempts > 1) }
            .map(\.element.bytes)
    }
}
