extension MapReduce {
    /// Cuts documents into map-task splits of about a target size, always on line boundaries:
    /// a split ends after the first `\n` at or past the target, so no line is ever cut in two
    /// and a line longer than the target forms one split by itself. An empty document forms one
    /// empty split, as Hadoop's `FileInputFormat.getSplits` makes one zero-length split of a
    /// zero-length file: its map task reads nothing and emits nothing.
    public enum InputSplitter {
        /// The splits of `documents`, in document order then offset order.
        ///
        /// - Parameter targetSize: Bytes per split before extending to the end of the line;
        ///   must be positive.
        /// - Complexity: O(total bytes).
        public static func splits(of documents: [Document], targetSize: Int) -> [Split] {
            precondition(targetSize > 0, "split size must be positive")
            var splits: [Split] = []
            for document in documents {
                let bytes = document.bytes
                if bytes.isEmpty {
                    splits.append(.lines(document: document.id, name: document.name, offset: 0, bytes: bytes[...]))
                    continue
                }
                var start = 0
                while start < bytes.count {
                    var end = min(bytes.count, start + targetSize)
                    if end < bytes.count {
                        end = (bytes[(end - 1)...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? bytes.count
                    }
                    splits.append(.lines(document: document.id, name: document.name, offset: start, bytes: bytes[start..<end]))
                    start = end
                }
            }
            return splits
        }

        /// The splits of a log topic: each partition's range `from[p] ..< to[p]` in pieces of at
        /// most `recordsPerSplit` records; empty ranges give no split — unless every range is
        /// empty: then the first partition's empty range is one empty split, as an empty file is
        /// (``splits(of:targetSize:)``), so that a job with nothing to read succeeds with an empty
        /// output whether its records come from a file or through a topic.
        public static func splits(topic: String, from: [Int], to: [Int], recordsPerSplit: Int) -> [Split] {
            precondition(recordsPerSplit > 0, "records per split must be positive")
            var splits: [Split] = []
            for partition in to.indices {
                var start = partition < from.count ? from[partition] : 0
                while start < to[partition] {
                    let end = min(to[partition], start + recordsPerSplit)
                    splits.append(.log(topic: topic, partition: partition, offsets: start..<end))
                    start = end
                }
            }
            if splits.isEmpty, let end = to.first {
                let start = min(from.first ?? 0, end)
                splits.append(.log(topic: topic, partition: 0, offsets: start..<start))
            }
            return splits
        }
    }
}
