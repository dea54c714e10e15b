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

    /// About the files a run over `span` that syncs every `syncInterval` looks at: each sync
    /// walks the whole source, which grows by the rounds' creations less their deletions (with no
    /// deletions, 60 days of changes grew 200 files to 13,000 and the syncs ran on).
    func estimatedSyncedFiles(over span: Duration, syncInterval: Duration) -> Double {
        let weights = createWeight + modifyWeight + deleteWeight + rewriteWeight
        guard weights > 0 else { return 0 }
        let rounds = span.seconds / max(interval.seconds, 1e-9)
        let growth = max(0, Double(changesPerRound) * (createWeight - deleteWeight) / weights)
        let averageFiles = Double(initialFiles) + rounds * growth / 2
        return span.seconds / max(syncInterval.seconds, 1e-9) * averageFiles
    }

    /// The files the rounds add a second on average: their creations less their deletions
    /// (negative when they delete more than they create).
    var netFilesPerSecond: Double {
        let weights = createWeight + modifyWeight + deleteWeight + rewriteWeight
        guard weights > 0 else { return 0 }
        return Double(changesPerRound) * (createWeight - deleteWeight) / weights / max(interval.seconds, 1e-9)
    }

    /// About the files the directory holds `time` seconds into the run: it changes linearly by
    /// ``netFilesPerSecond`` (3 days of 5 changes every 10 s grew 100 files to about 13,000).
    func expectedFiles(at time: Double) -> Double {
        max(0, Double(initialFiles) + netFilesPerSecond * time)
    }
}
