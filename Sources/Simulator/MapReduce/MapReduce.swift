/// Hadoop-style MapReduce over real bytes, running on a simulated cluster: a ``Coordinator`` that
/// schedules map and reduce tasks and survives its own restarts, ``Worker``s that run them on
/// their own network nodes, an optional ``ShuffleStore`` for intermediate data, and jobs
/// (``Job``) with map, combine and reduce functions plus a plain sequential reference of each.
///
/// The namespace holds every type of the model; start from ``Cluster``.
public enum MapReduce {
    /// Raw bytes: input lines, keys, encoded values and output values are all bytes, never
    /// `String`, so that any input — including invalid UTF-8 — is processed without loss.
    public typealias Bytes = [UInt8]
}

extension MapReduce {
    /// Renders bytes for messages and reports: valid UTF-8 as text, anything else repaired with
    /// replacement characters (display only; data stays bytes).
    static func display(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
