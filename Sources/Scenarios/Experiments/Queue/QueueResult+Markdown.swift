import Reports
import Simulator

/// `results/queue/report.md`: every sentence is computed from the figures below it.
extension QueueResult {
    func markdown(spec: QueueExperimentSpec) -> String {
        let plain = runs[0]
        var out = spec.reportHeader(title: "Seed 002's sharded queue: \(NumberFormat.counted(spec.producers.count, "producer")), \(NumberFormat.counted(spec.consumers.count, "consumer")), \(NumberFormat.counted(spec.brokers, "broker"))",
                                    digest: runs.map(\.digest).joined(separator: " "))
        out += setup(spec: spec, plain: plain)
        out += partitionCounts(plain, spec: spec)
        out += faultRuns(spec: spec)
        if let swarm { out += swarmSection(swarm, spec: spec) }
        if let analysis { out += analysisSection(analysis) }
        return out
    }

    private func setup(spec: QueueExperimentSpec, plain: QueueRunResult) -> String {
        var out = "## Where the partitions live\n\n"
        out += "\(spec.topics.map { "\($0.name) (\(NumberFormat.counted($0.partitions, "partition")))" }.joined(separator: ", ")) placed by \(spec.placement.summary) on "
        out += "\(NumberFormat.counted(spec.brokers, "broker")), \(NumberFormat.counted(plain.replication, "copy", plural: "copies")) each (the first is the preferred leader), acks = \(plain.acks.rawValue). "
        out += "The controller checks each broker every \(DurationFormat.seconds(spec.configuration.heartbeatInterval.seconds)) and declares it dead after "
        out += "\(DurationFormat.seconds(spec.configuration.sessionTimeout.seconds)) of silence"
        if !spec.consumers.isEmpty {
            out += " (each consumer heartbeats its group coordinator as often, from a loop of its own, and is evicted after as long without a heartbeat)"
        }
        out += "; a leader drops a follower that does not confirm a copy within "
        out += "\(DurationFormat.seconds(spec.configuration.replicaTimeout.seconds)).\n\n"
        var table = MarkdownTable(columns: [.userText("partition"), .text("replicas (brokers)"), .text("leader at the end"), .text("in sync at the end")])
        for log in plain.audit.logs.prefix(QueuePart.mostPartitionRows) {
            table.append([log.partition.description, log.replicas.map { "broker-\($0)" }.joined(separator: ", "),
                          log.leader.map { "broker-\($0)" } ?? "none", log.inSync.map { "broker-\($0)" }.joined(separator: ", ")])
        }
        out += table.rendered() + "\n" + Self.rowsLeftOut(plain.audit.logs.count)
        let counts = (1...spec.brokers).map { number in plain.audit.logs.filter { $0.replicas.contains(number) }.count }
        let leaders = (1...spec.brokers).map { number in plain.audit.logs.filter { $0.replicas.first == number }.count }
        out += "Replicas per broker: \(counts.map { NumberFormat.integer($0) }.joined(separator: ", ")); preferred leaders per broker: \(leaders.map { NumberFormat.integer($0) }.joined(separator: ", "))."
        out += Self.coarseness(partitions: plain.audit.logs.count, analysis: analysis) + "\n\n"
        out += membershipTable()
        return out
    }

    /// What the replica split over the file's partitions says, and where the analysis shows it on
    /// more: nothing said of an analysis the file does not ask for, or of one over no more partitions.
    static func coarseness(partitions: Int, analysis: QueuePlacementAnalysis?) -> String {
        guard let analysis, analysis.partitions > partitions else { return "" }
        return " With \(NumberFormat.counted(partitions, "partition")) the split is coarse whatever the algorithm; the placement analysis below shows it on more."
    }

    /// How the replica map changes when a broker joins or leaves (the placement alone, before any
    /// data is copied).
    private func membershipTable() -> String {
        guard let first = membership.first else { return "" }
        var out = "When the brokers change, the placement moves these replicas (each cell: replicas, preferred leader first; * marks a change):\n\n"
        var table = MarkdownTable(columns: [.userText("partition")] + membership.map { .text($0.label) })
        for (index, partition) in first.placement.partitions.enumerated().prefix(QueuePart.mostPartitionRows) {
            let base = first.placement.replicas[index]
            table.append([partition.description] + membership.map { entry in
                let replicas = entry.placement.replicas[index]
                return replicas.map { "b\($0)" }.joined(separator: ", ") + (replicas == base ? "" : " *")
            })
        }
        out += table.rendered() + "\n" + Self.rowsLeftOut(first.placement.partitions.count, rest: "the counts below cover every one")
        for entry in membership.dropFirst() {
            let moved = entry.placement.movement(from: first.placement)
            out += "\(entry.label): \(NumberFormat.integer(moved.replicasMoved)) of \(NumberFormat.counted(moved.replicas, "replica")) \(moved.replicasMoved == 1 ? "lands" : "land") on a broker that did not hold \(moved.replicasMoved == 1 ? "it" : "them"), "
            out += "\(NumberFormat.counted(moved.leadersChanged, "preferred leader")) \(moved.leadersChanged == 1 ? "changes" : "change").\n"
        }
        return out + "\n"
    }

    private func partitionCounts(_ plain: QueueRunResult, spec: QueueExperimentSpec) -> String {
        let audit = plain.audit
        var out = "## Without faults: counts, order and lag per partition\n\n"
        out += "\(NumberFormat.integer(audit.sent)) messages sent\(Self.unsent(sent: audit.sent, spec: spec)), \(NumberFormat.integer(audit.acknowledged)) acknowledged. "
        out += Self.unacknowledgedText(plain, spec: spec).map { $0 + " " } ?? ""
        if plain.groups.isEmpty {
            out += "No consumer reads the topics, so nothing is delivered; each partition's log keeps each producer's order: "
                + "\(audit.orderViolations == 0 ? "no" : NumberFormat.integer(audit.orderViolations)) out-of-order pairs.\n\n"
        } else if audit.orderViolations == 0 {
            out += "Every group's readers keep each partition's order: no out-of-order pairs in the logs.\n\n"
        } else {
            out += "The logs hold \(NumberFormat.counted(audit.orderViolations, "out-of-order pair")) (a producer's later message before an earlier one), which every group reads in that order.\n\n"
        }
        var columns: [MarkdownTable.Column] = [.userText("partition"), .numeric("records")]
        columns += plain.producers.map { MarkdownTable.Column("from \($0)", alignment: .right, titleHoldsUserText: true) }
        let shownGroups = plain.groups.indices.prefix(QueuePart.mostGroupColumns)
        for group in shownGroups {
            columns += ["read by \(plain.groups[group])", "max lag (\(plain.groups[group]))"].map { MarkdownTable.Column($0, alignment: .right, titleHoldsUserText: true) }
        }
        var table = MarkdownTable(columns: columns)
        for (index, log) in audit.logs.enumerated().prefix(QueuePart.mostPartitionRows) {
            var row = [log.partition.description, NumberFormat.integer(log.records.count)] + plain.recordsByProducer[index].map { NumberFormat.integer($0) }
            for group in shownGroups {
                row += [NumberFormat.integer(plain.deliveredByGroup[group][index]), plain.readsPartition[group][index] ? NumberFormat.integer(plain.maximumLag[group][index]) : "—"]
            }
            table.append(row)
        }
        out += table.rendered() + "\n" + Self.rowsLeftOut(audit.logs.count)
        if plain.groups.count > shownGroups.count {
            out += "The table shows the first \(shownGroups.count) of the \(plain.groups.count) groups; every group's columns are in `partitions.csv`.\n\n"
        }
        guard !plain.groups.isEmpty else { return out }
        out += "Max lag is the most records acknowledged to a producer but not yet handed to the group at any instant"
        out += shownGroups.contains { !plain.readsPartition[$0].allSatisfy { $0 } } ? "; a dash marks a partition the group does not read. " : ". "
        guard plain.deliveryLatency.count > 0 else { return out + "No acknowledged record was delivered.\n\n" }
        out += "From acknowledgement to first delivery: p50 \(DurationFormat.milliseconds(plain.deliveryLatency.percentile(50).seconds)), "
        out += "p99 \(DurationFormat.milliseconds(plain.deliveryLatency.percentile(99).seconds)), max \(DurationFormat.milliseconds(plain.deliveryLatency.max.seconds)) "
        // The poll interval sets most of the wait only when the median wait is within one interval.
        let slowestPoll = spec.consumers.map(\.pollInterval.seconds).max() ?? 0
        let pollSetsIt = plain.deliveryLatency.percentile(50).seconds <= slowestPoll
        out += "(consumers poll every \(spec.consumers.map { DurationFormat.milliseconds($0.pollInterval.seconds) }.uniqued().joined(separator: ", "))\(pollSetsIt ? ", which sets most of it" : "")).\n\n"
        return out
    }

    /// Why fewer messages were sent than the producers were given, in brackets after the count;
    /// nothing when every one was sent. A producer's `n`th message is due at its start plus n ÷
    /// its rate, and it sends one message at a time, waiting for the answer (or its retries).
    static func unsent(sent: Int, spec: QueueExperimentSpec) -> String {
        let configured = spec.producers.reduce(0) { $0 + $1.messages }
        guard sent < configured else { return "" }
        let due = spec.producers.reduce(0) { total, producer in
            let window = (spec.duration - producer.start).seconds
            return total + (window > 0 ? min(producer.messages, Int((window * producer.rate).rounded(.up))) : 0)
        }
        var reasons: [String] = []
        if due < configured {
            reasons.append("at their rates about \(NumberFormat.integer(due)) fall due within the \(DurationFormat.seconds(spec.duration.seconds)) run")
        }
        if sent < due {
            reasons.append("a producer sends one message at a time and waits for its answer before the next, so it falls behind its rate when an answer takes longer than the gap between messages")
        }
        return " of the \(NumberFormat.integer(configured)) the producers were given (" + reasons.joined(separator: "; ") + ")"
    }

    private func faultRuns(spec: QueueExperimentSpec) -> String {
        guard runs.count > 1 else { return "" }
        var out = "## Under faults\n\n"
        var table = MarkdownTable(columns: [.userText("run"), .text("acks"), .numeric("copies"), .numeric("acknowledged"), .numeric("acknowledged lost"),
                                            .numeric("leader changes"), .numeric("undelivered"), .numeric("lost after delivery"), .numeric("duplicates (allowed)"),
                                            .numeric("appended twice"), .text("promises kept")])
        for run in runs {
            let audit = run.audit
            let duplicates = audit.duplicates.values.reduce(0, +), allowed = audit.allowedDuplicates.values.reduce(0, +)
            let noLoss = run.acks == .all && run.replication >= 2
            table.append([run.name, run.acks.rawValue, String(run.replication), NumberFormat.integer(audit.acknowledged), NumberFormat.integer(audit.lostAcknowledged),
                          String(run.elections), NumberFormat.integer(audit.undelivered.values.reduce(0, +)),
                          NumberFormat.integer(audit.lostAfterDelivery.values.reduce(0, +)), "\(NumberFormat.integer(duplicates)) (\(NumberFormat.integer(allowed)))",
                          NumberFormat.integer(audit.duplicateAppends), audit.holds(noLoss: noLoss) ? "yes" : "no"])
        }
        out += table.rendered() + "\n"
        out += "\"Duplicates (allowed)\" counts records a group was handed twice, and in brackets those handed again at or above the group's committed offset: "
        out += "a redelivery the commit protocol allows (read, not yet committed, then the reader crashed or its partition moved). "
        out += "\"Appended twice\" counts a producer's retry after a lost answer landing in the log a second time (at-least-once production): "
        out += "only a producer that is not idempotent does that (acks = leader, or `idempotent: false`); an idempotent producer's retry is answered with the record's offset. "
        out += "\"Undelivered\" and \"lost after delivery\" compare records — the message at its offset — not offsets: a record of the final log a group was never handed, "
        out += "and one a group was handed that the final log does not hold at its offset (served before every in-sync replica had it). "
        out += "\"Promises kept\": order, every record of the final logs delivered to every group, nothing lost after delivery, no duplicate below a commit, "
        out += "and — where acks = all with 2 or more copies — no acknowledged record lost.\n\n"
        for run in runs.dropFirst() {
            out += "### \(MarkdownTable.literal(run.name))\n\n"
            out += "Faults: " + (run.listedFaults.isEmpty ? "none" : run.listedFaults.map { MarkdownTable.literal($0) }.joined(separator: "; ")) + ".\n\n"
            if let unacknowledged = Self.unacknowledgedText(run, spec: spec) { out += unacknowledged + "\n\n" }
            if run.audit.lostAcknowledged > 0 {
                out += Self.lossExplanation(run, end: .after(spec.duration))
            }
            guard !run.events.isEmpty else { continue }
            out += QueuePart.eventTable(run.events)
        }
        return out
    }

    /// What became of the messages sent but never acknowledged: given up after the producer's
    /// last attempt (some of them in the log anyway, their answer lost), or still waiting for an
    /// answer when the run stopped. Nil when every message sent was acknowledged. The committed
    /// report's "leader crash, 1 copy" acknowledged 3,992 of 4,000 and said nothing of the 8.
    static func unacknowledgedText(_ run: QueueRunResult, spec: QueueExperimentSpec) -> String? {
        let audit = run.audit
        let missing = audit.sent - audit.acknowledged
        guard missing > 0 else { return nil }
        var parts: [String] = []
        if run.gaveUp > 0 {
            let attempts = Set(spec.producers.map(\.attempts))
            let after = attempts.count == 1 ? " after \(NumberFormat.counted(attempts.first ?? 1, "attempt")) each" : " after their last attempts"
            var part = "\(spec.producers.count == 1 ? "the producer" : "their producers") gave up on \(NumberFormat.integer(run.gaveUp))\(after)"
            if run.gaveUpInLog > 0 {
                part += " (\(NumberFormat.integer(run.gaveUpInLog)) of them in the log anyway: appended, the answer lost)"
            }
            parts.append(part)
        }
        if run.inFlightAtEnd > 0 {
            parts.append("\(NumberFormat.integer(run.inFlightAtEnd)) \(run.inFlightAtEnd == 1 ? "was" : "were") still waiting for an answer or a retry when the run stopped at \(DurationFormat.seconds(spec.duration.seconds, grouping: true))")
        }
        let opening = missing == audit.sent
            ? "None of the \(NumberFormat.counted(audit.sent, "message")) sent was acknowledged: "
            : "\(NumberFormat.integer(missing)) of the \(NumberFormat.counted(audit.sent, "message")) sent \(missing == 1 ? "was" : "were") never acknowledged: "
        return opening + parts.joined(separator: "; ") + "."
    }

    /// Why a run lost acknowledged records: the leader answered before its followers had them and
    /// then went; what became of the crashed brokers' copies follows from the run's faults.
    static func lossExplanation(_ run: QueueRunResult, end: VirtualInstant) -> String {
        let lost = run.audit.lostAcknowledged
        var crashed: [NodeID] = [], restarted: Set<NodeID> = []
        for entry in run.faults where entry.at < end {
            switch entry.fault {
            case .crash(let node) where node.name.hasPrefix("broker-"): if !crashed.contains(node) { crashed.append(node) }
            case .restart(let node, _) where crashed.contains(node): restarted.insert(node)
            default: break
            }
        }
        var out = "\(NumberFormat.integer(lost)) acknowledged record\(lost == 1 ? " is" : "s are") gone: with acks = \(run.acks.rawValue), a leader answers before its followers have the record, "
        guard !crashed.isEmpty else {
            return out + "and when it loses its leadership before they copy it the new leader never had it.\n\n"
        }
        out += "and when it dies first the new leader never had it; "
        let gone = crashed.filter { !restarted.contains($0) }
        if gone.isEmpty {
            return out + "the old leader drops it when it returns and truncates to the new leader's log.\n\n"
        }
        let names = gone.map { "`\($0.name)`" }.joined(separator: ", ")
        return out + "\(names) \(gone.count == 1 ? "does" : "do") not return before the run ends, so the record is in no live broker's log.\n\n"
    }

    /// What a table of `count` partitions capped at ``QueuePart/mostPartitionRows`` says of the
    /// rows it leaves out, and where they are (nothing when it lists them all): with 100,000
    /// partitions and a column pair per group, the tables alone came to gigabytes.
    private static func rowsLeftOut(_ count: Int, rest: String = "every partition is in `partitions.csv` and `report.json`") -> String {
        guard count > QueuePart.mostPartitionRows else { return "" }
        return "The table lists the first \(QueuePart.mostPartitionRows) of the \(NumberFormat.integer(count)) partitions; \(rest).\n\n"
    }

    private func swarmSection(_ swarm: QueueSwarmResult, spec: QueueExperimentSpec) -> String {
        // Seeds 1 … N whatever the file's seed or --seed, as a swarm of numbered seeds is replayed.
        var out = "## Swarm: \(NumberFormat.counted(swarm.seeds.count, "seed")) under random faults\n\n"
        let first = swarm.seeds.first.map { "\($0.seed)" } ?? "", last = swarm.seeds.last.map { "\($0.seed)" } ?? ""
        out += (swarm.seeds.count == 1 ? "Seed \(first)" : "Seeds \(first) … \(last)") + ", whatever the experiment's own seed. "
        func span(_ range: ClosedRange<Double>) -> String {
            "\(NumberFormat.trimmed(range.lowerBound, maxDecimals: 3))–\(NumberFormat.trimmed(range.upperBound, maxDecimals: 3)) s"
        }
        out += "Each seed crashes a random broker (back after \(span(QueueChaos.brokerDowntime))), cuts a random broker off from every other node (\(span(QueueChaos.isolation)))"
        out += spec.consumers.isEmpty ? "" : " and crashes a random consumer (back after \(span(QueueChaos.consumerDowntime)))"
        out += ", all within the first half of the \(DurationFormat.seconds(spec.duration.seconds)) run; \(NumberFormat.counted(swarm.messagesPerProducer, "message")) per producer"
        out += spec.consumers.isEmpty ? ". No consumer reads the topics, so nothing is delivered and the delivery properties are left out.\n\n" : ".\n\n"
        var table = MarkdownTable(columns: [.text("property"), .numeric("seeds that kept it")])
        let total = swarm.seeds.count
        table.append(["per-partition order", "\(swarm.seeds.filter(\.orderKept).count) of \(total)"])
        table.append(["no acknowledged record lost\(swarm.promisesNoLoss ? "" : " (not promised here)")", "\(swarm.seeds.filter(\.nothingAcknowledgedLost).count) of \(total)"])
        if !spec.consumers.isEmpty {
            table.append(["every record delivered to every group", "\(swarm.seeds.filter(\.everythingDelivered).count) of \(total)"])
            table.append(["no record lost after it was delivered", "\(swarm.seeds.filter(\.nothingLostAfterDelivery).count) of \(total)"])
            table.append(["every duplicate allowed by the commit protocol", "\(swarm.seeds.filter(\.duplicatesExplained).count) of \(total)"])
        }
        out += table.rendered() + "\n"
        let elections = swarm.seeds.map(\.elections), duplicates = swarm.seeds.map(\.duplicates)
        let moved = elections.filter { $0 > 0 }.count, redelivered = duplicates.filter { $0 > 0 }.count
        out += moved + redelivered > 0 ? "The faults did bite: " : "The faults moved nothing: "
        out += "\(NumberFormat.counted(moved, "seed")) moved a leadership (\(NumberFormat.counted(elections.reduce(0, +), "change")) in all)"
        out += spec.consumers.isEmpty ? ". "
            : ", \(NumberFormat.counted(redelivered, "seed")) redelivered records (\(NumberFormat.integer(duplicates.reduce(0, +))) in all). "
        out += "\(swarm.passed) of \(NumberFormat.counted(total, "seed")) kept every promise.\n\n"
        return out
    }

    private func analysisSection(_ analysis: QueuePlacementAnalysis) -> String {
        var out = "## Placement: \(NumberFormat.counted(analysis.partitions, "partition")) × \(NumberFormat.counted(analysis.replication, "copy", plural: "copies"))\n\n"
        out += "Replicas per broker against a random placement, and what moves when a broker is added (ideal: the new broker's fair share) "
        out += "or broker 1 is removed (ideal: exactly what it held). \(Self.randomPlacementText(analysis))\n\n"
        var table = MarkdownTable(columns: [.userText("algorithm"), .numeric("brokers"), .numeric("replicas min … max"), .numeric("max / mean"), .numeric("z of busiest"),
                                            .numeric("moved on add (ideal)"), .numeric("moved on remove (ideal)"), .numeric("leaders changed on add")])
        for cell in analysis.cells {
            let stats = cell.replicasPerBroker
            table.append([cell.algorithm, String(cell.brokers), "\(stats.minimum) … \(stats.maximum)", NumberFormat.fixed(stats.peakToAverage, decimals: 2),
                          NumberFormat.fixed(cell.busiestZScore, decimals: 1),
                          "\(cell.added.replicasMoved) (\(NumberFormat.fixed(cell.idealAdded, decimals: 1)))",
                          cell.removed.map { "\($0.replicasMoved) (\(cell.idealRemoved))" } ?? "—", String(cell.added.leadersChanged)])
        }
        out += table.rendered() + "\n"
        // Beyond the ideal rounded to a whole replica: a movement is whole replicas.
        func excess(_ cell: QueuePlacementAnalysis.Cell) -> Int { cell.added.replicasMoved - Int(cell.idealAdded.rounded()) }
        let worst = analysis.cells.max { excess($0) < excess($1) }
        let fairest = analysis.cells.min { $0.replicasPerBroker.peakToAverage < $1.replicasPerBroker.peakToAverage }
        if let worst, let fairest {
            if excess(worst) > 0 {
                out += "Most movement beyond the ideal on an add: \(worst.algorithm) with \(NumberFormat.counted(worst.brokers, "broker")) (\(NumberFormat.counted(worst.added.replicasMoved, "replica")) against \(NumberFormat.fixed(worst.idealAdded, decimals: 1))). "
            } else {
                out += "No add moved more replicas than its ideal, rounded to a whole replica. "
            }
            out += "Evenest split: \(fairest.algorithm) with \(NumberFormat.counted(fairest.brokers, "broker")) (max / mean \(NumberFormat.fixed(fairest.replicasPerBroker.peakToAverage, decimals: 2))). "
        }
        out += Self.busiestText(analysis) + "\n\n"
        return out
    }

    /// The reference the z column is measured against, with its figures for the first broker count.
    static func randomPlacementText(_ analysis: QueuePlacementAnalysis) -> String {
        var out = analysis.replication == 1 ? "In a random placement each partition's copy goes to a broker drawn at random, "
            : "In a random placement each partition's \(NumberFormat.integer(analysis.replication)) copies go to distinct brokers drawn at random, "
        out += "so each of B brokers holds Binomial(\(NumberFormat.integer(analysis.partitions)), \(NumberFormat.integer(analysis.replication))/B) replicas"
        if let cell = analysis.cells.first {
            out += " (with \(NumberFormat.counted(cell.brokers, "broker")), \(NumberFormat.fixed(cell.random.mean, decimals: 1)) ± \(NumberFormat.fixed(cell.random.standardDeviation, decimals: 1)))"
        }
        out += "; z is how many of its standard deviations the busiest broker holds above the mean."
        return out
    }

    /// Which cells' busiest broker is beyond what chance gives a random placement (z above 3: the
    /// largest of a few random counts is typically 1–2 standard deviations above the mean).
    static func busiestText(_ analysis: QueuePlacementAnalysis) -> String {
        let beyond = analysis.cells.filter { $0.busiestZScore > 3 }
        guard !beyond.isEmpty else {
            return "Every busiest broker is within 3 standard deviations of a random placement's mean: no algorithm here loads a broker more than chance would."
        }
        var groups: [(algorithm: String, cells: [QueuePlacementAnalysis.Cell])] = []
        for cell in beyond {
            if let index = groups.firstIndex(where: { $0.algorithm == cell.algorithm }) { groups[index].cells.append(cell) } else { groups.append((cell.algorithm, [cell])) }
        }
        let parts = groups.map { group in
            let counts = ClaimCheck.list(group.cells.map { NumberFormat.integer($0.brokers) })
            return "\(group.algorithm) with \(counts) brokers (z \(group.cells.map { NumberFormat.fixed($0.busiestZScore, decimals: 1) }.joined(separator: ", ")))"
        }
        return "More than 3 standard deviations above a random placement's mean (the busiest of a few random counts is typically 1–2 above), the busiest broker is loaded by the placement, not by chance: \(ClaimCheck.list(parts))."
    }
}

private extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
