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
}
