import Reports

extension SweepManifest {
    /// How this shard's manifest (without its shard) differs from `other`'s, the first shard
    /// merge read: the first field that differs, with both values (quoted, at most 80 characters
    /// each), as the rest of "'B' is a shard of another sweep than 'A': …"; nil when they are
    /// manifests of one sweep.
    ///
    /// Seeds are compared as the lists they expand to (`seeds`, `otherSeeds`): `1..12,13..24` and
    /// `1..24` run the same worlds in the same positions, so they are one sweep (merge writes the
    /// text of shard 1's manifest). A file is compared by the path the user gave, not only by its
    /// digest: the same bytes under another path may read other files beside it (a MapReduce
    /// job's `files` are relative to the scenario file), and the report's replay commands name one
    /// path.
    func difference(from other: SweepManifest, seeds: [UInt64], otherSeeds: [UInt64]) -> String? {
        // First: another version explains any other difference (a metric added, a digest moved).
        if orreryVersion != other.orreryVersion {
            return "it was written by \(Self.writer(orreryVersion)), not \(Self.writer(other.orreryVersion)): "
                + "worlds another version ran may differ, so run every shard with one orrery"
        }
        if file != other.file {
            if fileDigest == other.fileDigest {
                return "its file is \(quoted(file)), not \(quoted(other.file)): the same bytes (digest \(fileDigest.excerpt(upTo: 20))), "
                    + "but the report names one path, and the files a scenario reads are found from where it lies: give every shard the file by the same path"
            }
            return "its file is \(quoted(file)) (digest \(fileDigest.excerpt(upTo: 20))), not \(quoted(other.file)) (digest \(other.fileDigest.excerpt(upTo: 20)))"
        }
        if fileDigest != other.fileDigest {
            return "its file \(quoted(file)) had other bytes (digest \(fileDigest.excerpt(upTo: 20)), not \(other.fileDigest.excerpt(upTo: 20))): the file changed between the shards"
        }
        if seeds != otherSeeds {
            if seeds.sorted() == otherSeeds.sorted() {
                return "its seeds are \(quoted(self.seeds)), not \(quoted(other.seeds)): the same seeds in another order, which numbers the worlds otherwise"
            }
            return "its seeds are \(quoted(self.seeds)) (\(NumberFormat.counted(seeds.count, "seed"))), not \(quoted(other.seeds)) (\(NumberFormat.counted(otherSeeds.count, "seed")))"
        }
        if vary != other.vary {
            return "its --vary is \(Self.varyText(vary)), not \(Self.varyText(other.vary))"
        }
        if variants.count != other.variants.count {
            return "it has \(NumberFormat.counted(variants.count, "variant")), not \(NumberFormat.integer(other.variants.count))"
        }
        for (index, (mine, theirs)) in zip(variants, other.variants).enumerated() where mine != theirs {
            let number = index + 1
            if mine.label != theirs.label { return "its variant \(number) is \(quoted(mine.label)), not \(quoted(theirs.label))" }
            if mine.overrides != theirs.overrides {
                return "its variant \(number) sets \(quoted(mine.overrides.joined(separator: " "))), not \(quoted(theirs.overrides.joined(separator: " ")))"
            }
            return "its variant \(number) expects \(quoted(mine.expectations.joined(separator: "; "))), not \(quoted(theirs.expectations.joined(separator: "; ")))"
        }
        if metrics != other.metrics {
            let index = zip(metrics, other.metrics).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(metrics.count, other.metrics.count)
            func metric(_ list: [MetricEntry]) -> String { index < list.count ? "\(quoted(list[index].name)) (\(list[index].unit.excerpt(upTo: 20)))" : "missing" }
            return "its metric \(index + 1) is \(metric(metrics)), not \(metric(other.metrics)) "
                + "(\(NumberFormat.counted(metrics.count, "metric")), not \(NumberFormat.integer(other.metrics.count)): was it written by another version of orrery?)"
        }
        if name != other.name { return "its scenario is named \(quoted(name)), not \(quoted(other.name))" }
        if description != other.description { return "its scenario's description is \(quoted(description)), not \(quoted(other.description))" }
        var mine = self, theirs = other
        mine.seeds = ""
        theirs.seeds = ""
        return mine == theirs ? nil : "its manifest differs (\(NumberFormat.counted(worlds, "world")), not \(NumberFormat.integer(other.worlds)))"
    }

    /// Which Orrery wrote a manifest: `orrery 0.1.0`, or one from before manifests recorded it.
    private static func writer(_ version: String?) -> String {
        version.map { "orrery '\($0.excerpt(upTo: 40))'" } ?? "an orrery that did not record its version"
    }

    /// `text` quoted, at most 80 characters of it.
    private func quoted(_ text: String) -> String { "'\(text.excerpt(upTo: 80))'" }

    /// The `--vary` arguments as the command line gives them, or "none".
    private static func varyText(_ vary: [String]) -> String {
        vary.isEmpty ? "none" : "'\(vary.joined(separator: " ").excerpt(upTo: 80))'"
    }
}
