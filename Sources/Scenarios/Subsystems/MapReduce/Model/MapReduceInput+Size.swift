extension MapReduceInput {
    /// About the bytes of this input: its files' and the synthetic log's (about 100 bytes a line).
    var estimatedBytes: Double {
        var bytes = Double(files.reduce(0) { $0 + $1.bytes.count })
        switch synthetic?.size {
        case .lines(let lines): bytes += 100 * Double(lines)
        case .bytes(let count): bytes += Double(count)
        case nil: break
        }
        return bytes
    }

    /// About the map tasks this input is split into: one per `records_per_split` log records when
    /// it goes through a topic (about 100 bytes a record), else one per split of `split_size`
    /// bytes of each document.
    var estimatedMapTasks: Double {
        if let log { return max(1, (estimatedBytes / 100 / Double(max(log.recordsPerSplit, 1))).rounded(.up)) }
        return max(1, (estimatedBytes / Double(max(splitSize, 1))).rounded(.up)) + Double(files.count)
    }
}
