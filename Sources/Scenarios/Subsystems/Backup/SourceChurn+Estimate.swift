import Simulator

extension SourceChurn {
    /// About the bytes a run over `span` holds for these files: the files at the start and every
    /// file a change writes, each at its mean size (at most the 64 MiB a file saturates at), twice
    /// (the source and the bucket's versions). An upper-end figure: deletions and expired
    /// versions free some of it.
    func estimatedBytes(over span: Duration) -> Double {
        let mostPerFile = Double(1 << 26)
        let meanSize = min(fileSize.mean ?? mostPerFile, mostPerFile)
        let rounds = span.seconds / max(interval.seconds, 1e-9)
        return 2 * meanSize * (Double(initialFiles) + rounds * Double(changesPerRound))
    }
}
