/// The keys of one bucket in S3 listing order (UTF-8 byte order), kept sorted as keys come and go.
///
/// A single sorted array would make inserting a new key in random order an O(n) shift; a chunked
/// array bounds each shift to one chunk of at most ``maximumChunkSize`` keys, while lookups stay a
/// binary search over chunks and then within one chunk. It is a value type like the rest of the
/// state, so a copy of the store is an independent snapshot.
struct S3KeyIndex: Sendable, Equatable {
    /// A position in the index: a chunk and an offset inside it.
    struct Position: Sendable, Equatable {
        var chunk: Int
        var offset: Int
    }

    /// Chunks split in two when they grow past this many keys.
    static let maximumChunkSize = 512

    /// Sorted, non-empty chunks whose concatenation is the sorted key list.
    private(set) var chunks: [[S3ObjectKey]] = []

    /// Number of keys.
    private(set) var count = 0

    /// Inserts a key that is not yet present.
    mutating func insert(_ key: S3ObjectKey) {
        guard !chunks.isEmpty else {
            chunks = [[key]]
            count = 1
            return
        }
        // The first chunk whose last key is ≥ key, or the last chunk when key is the largest.
        let chunkIndex = min(firstChunk { !($0 < key) }, chunks.count - 1)
        let offset = Self.lowerBound(in: chunks[chunkIndex]) { !($0 < key) }
        chunks[chunkIndex].insert(key, at: offset)
        count += 1
        if chunks[chunkIndex].count > Self.maximumChunkSize {
            let upperHalf = Array(chunks[chunkIndex][(Self.maximumChunkSize / 2)...])
            chunks[chunkIndex].removeSubrange((Self.maximumChunkSize / 2)...)
            chunks.insert(upperHalf, at: chunkIndex + 1)
        }
    }

    /// Removes a key that is present.
    mutating func remove(_ key: S3ObjectKey) {
        let position = firstPosition { !($0 < key) }
        guard let found = self.key(at: position), found == key else { return }
        chunks[position.chunk].remove(at: position.offset)
        count -= 1
        if chunks[position.chunk].isEmpty { chunks.remove(at: position.chunk) }
    }

    /// The first position whose key satisfies `isAtOrPast`, a predicate that is false for a
    /// (possibly empty) run of leading keys and true for every key after them.
    func firstPosition(where isAtOrPast: (S3ObjectKey) -> Bool) -> Position {
        let chunkIndex = firstChunk(where: isAtOrPast)
        guard chunkIndex < chunks.count else { return Position(chunk: chunks.count, offset: 0) }
        return Position(chunk: chunkIndex, offset: Self.lowerBound(in: chunks[chunkIndex], where: isAtOrPast))
    }

    /// The key at `position`, or nil at the end.
    func key(at position: Position) -> S3ObjectKey? {
        guard position.chunk < chunks.count, position.offset < chunks[position.chunk].count else { return nil }
        return chunks[position.chunk][position.offset]
    }

    /// The position after `position`.
    func position(after position: Position) -> Position {
        if position.offset + 1 < chunks[position.chunk].count {
            return Position(chunk: position.chunk, offset: position.offset + 1)
        }
        return Position(chunk: position.chunk + 1, offset: 0)
    }

    /// Equal when the same keys are present, however they happen to be chunked.
    static func == (lhs: S3KeyIndex, rhs: S3KeyIndex) -> Bool {
        lhs.count == rhs.count && lhs.chunks.joined().elementsEqual(rhs.chunks.joined())
    }

    /// Every key in order (used by lifecycle, which visits the whole bucket).
    var allKeys: [S3ObjectKey] { chunks.flatMap { $0 } }

    /// The first chunk whose last key satisfies the monotone predicate.
    private func firstChunk(where isAtOrPast: (S3ObjectKey) -> Bool) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrPast(chunks[middle][chunks[middle].count - 1]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private static func lowerBound(in chunk: [S3ObjectKey], where isAtOrPast: (S3ObjectKey) -> Bool) -> Int {
        var low = 0
        var high = chunk.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrPast(chunk[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
