extension SourceDirectory {
    /// A directory as some changes leave it, without copying it: the directory, and the few
    /// changes on top. A churn round draws each change's path from the files under a prefix as the
    /// changes before it left them; copying the directory and filtering every path for each change
    /// cost the whole directory per change, and a directory growing by its creations less its
    /// deletions made the run quadratic (3 days of 5 changes every 10 s: 13,000 files, more than
    /// 500 s and 4 GB). Here the `k`-th path under the prefix costs a binary search and a walk
    /// over the changes, and nothing is hashed (the directory computes each file's MD5 when the
    /// changes are applied to it).
    struct Draft {
        /// The directory the changes apply to.
        let base: SourceDirectory
        /// The prefix whose paths ``count`` and ``path(at:)`` rank.
        let prefix: String
        /// The indices in the base's ``SourceDirectory/paths`` of the paths under ``prefix``.
        private let baseRange: Range<Int>
        /// What the changes left at each path they touched: the bytes, or nil for a removal.
        private var written: [S3ObjectKey: [UInt8]?] = [:]
        /// Paths under the prefix the base lacks and the changes created, in byte order, each with
        /// the index in the base's paths it sorts before.
        private var added: [(position: Int, path: String)] = []
        /// Indices in the base's paths of the paths under the prefix the changes removed, ascending.
        private var removed: [Int] = []

        /// `base` with no changes yet.
        init(_ base: SourceDirectory, prefix: String) {
            self.base = base
            self.prefix = prefix
            baseRange = base.positions(underBytePrefix: prefix)
        }

        /// Paths under the prefix now.
        var count: Int { baseRange.count - removed.count + added.count }

        /// The bytes at `path` now, if the file exists.
        subscript(path: String) -> [UInt8]? {
            if let bytes = written[S3ObjectKey(path)] { return bytes }
            return base[path]
        }

        /// The path under the prefix at `rank` (0 ..< ``count``) in byte order, as
        /// `paths.filter { under prefix }[rank]` of the changed directory would give it.
        func path(at rank: Int) -> String {
            precondition(rank >= 0 && rank < count, "a rank among the paths under the prefix")
            var rest = rank, index = baseRange.lowerBound, nextRemoved = 0, nextAdded = 0
            while true {
                let removal = nextRemoved < removed.count ? removed[nextRemoved] : baseRange.upperBound
                let addition = nextAdded < added.count ? added[nextAdded].position : baseRange.upperBound
                // The base's paths up to the next change are all there, in order.
                let stretch = min(removal, addition) - index
                if rest < stretch { return base.paths[index + rest] }
                rest -= stretch
                index += stretch
                if nextAdded < added.count, added[nextAdded].position == index {
                    // An added path sorts before the base's path at its position.
                    if rest == 0 { return added[nextAdded].path }
                    rest -= 1
                    nextAdded += 1
                } else {
                    precondition(nextRemoved < removed.count && removed[nextRemoved] == index, "the rank is below the count")
                    index += 1
                    nextRemoved += 1
                }
            }
        }

        /// Applies one change on top.
        mutating func apply(_ change: SourceChange) {
            let path = change.path
            let key = S3ObjectKey(path)
            let existed = self[path] != nil
            switch change {
            case .write(_, let bytes): written[key] = .some(bytes)
            case .remove: written[key] = .some(nil)
            }
            let exists = self[path] != nil
            guard exists != existed, key.hasBytePrefix(prefix) else { return }
            let basePosition = base.position(of: path)
            let inBase = base.files[path] != nil
            switch (exists, inBase) {
            case (true, true): removed.removeAll { $0 == basePosition }
            case (false, true): removed.insert(basePosition, at: removed.firstIndex { $0 > basePosition } ?? removed.count)
            case (true, false): added.insert((basePosition, path), at: added.firstIndex { key < S3ObjectKey($0.path) } ?? added.count)
            case (false, false): added.removeAll { S3ObjectKey($0.path) == key }
            }
        }
    }
}
