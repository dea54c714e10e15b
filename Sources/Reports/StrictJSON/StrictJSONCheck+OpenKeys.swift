extension StrictJSONCheck {
    /// The keys of the objects open at a moment of the check, decoded, to find one given twice.
    ///
    /// The keys lie end to end in one buffer, an object's after its parent's, and a new key is
    /// compared with its object's one by one while the object has fewer than ``linearLimit``
    /// (an object of Orrery's reports has a dozen or so); past that, the object's keys go into a
    /// set, so that 1,000,000 keys in one object are still read in linear time. A set per object
    /// and an array per key made the check of a 16 MB list of 230,000 small objects take 0.25 s,
    /// twice as long as Foundation's decoder reading it; this takes 0.12 s, as long (`-O`).
    struct OpenKeys {
        /// The most keys an object has before its keys are looked up in a set.
        static let linearLimit = 16

        /// The keys of every open object, end to end.
        private var bytes: [UInt8] = []
        /// Where each key in `bytes` ends, in order.
        private var ends: [Int] = []
        /// Every open object, innermost last: the index in `ends` of its first key, and its keys
        /// once it has ``linearLimit``.
        private var objects: [(firstKey: Int, set: Set<Key>?)] = []

        /// Opens an object, with no keys.
        mutating func open() {
            objects.append((ends.count, nil))
        }

        /// Closes the innermost object, forgetting its keys.
        mutating func close() {
            let first = objects.removeLast().firstKey
            bytes.removeSubrange(start(of: first)...)
            ends.removeSubrange(first...)
        }

        /// Adds `key` to the innermost object's keys; false when it has it already.
        mutating func insert(_ key: [UInt8]) -> Bool {
            let object = objects.count - 1, first = objects[object].firstKey
            if ends.count - first < Self.linearLimit {
                var start = start(of: first)
                for end in ends[first...] {
                    if end - start == key.count, bytes[start..<end].elementsEqual(key) { return false }
                    start = end
                }
            } else {
                if objects[object].set == nil {
                    objects[object].set = Set((first..<ends.count).map { Key(bytes: Array(bytes[start(of: $0)..<ends[$0]])) })
                }
                guard objects[object].set!.insert(Key(bytes: key)).inserted else { return false }
            }
            bytes.append(contentsOf: key)
            ends.append(bytes.count)
            return true
        }

        /// A key in a set, its bytes hashed once as one run: an array of bytes hashes byte by
        /// byte, again each time the set grows; 1,000,000 keys in one object took 1.8 s, now
        /// 1.3 s (the decoder 0.6 s).
        private struct Key: Hashable {
            let hash: Int
            let bytes: [UInt8]

            init(bytes: [UInt8]) {
                var hasher = Hasher()
                bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
                hash = hasher.finalize()
                self.bytes = bytes
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(hash)
            }
        }

        /// Where the key at `index` of `ends` starts in `bytes`.
        private func start(of index: Int) -> Int {
            index == 0 ? 0 : ends[index - 1]
        }
    }
}
