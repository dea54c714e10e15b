import Reports
import Simulator

/// `results/queue/report.md`: every sentence is computed from the figures below it.
extension QueueResult {
    func markdown(spec: QueueExperimentSpec) -> String {
        let plain = runs[0]
        var out = ExperimentReport.header(title: "Seed 002's sharded queue: \(spec.producers.count) producers, \(spec.consumers.count) consumers, \(spec.brokers) brokers",
                                          spec: spec, digest: runs.map(\.digest).joined(separator: " "))
        out += setup(spec: spec, plain: plain)
        out += partitionCounts(plain, spec: spec)
        out += faultRuns(spec: spec)
        if let swarm { out += swarmSection(swarm, spec: spec) }
        if let analysis { out += analysisSection(analysis) }
        return out
    }

    private func setup(spec: QueueExperimentSpec, plain: QueueRunResult) -> String {
        var out = "## Where the partitions live\n\n"
        out += "\(spec.topics.map { "\($0.name) (\($0.partitions) partitions)" }.joined(separator: ", ")) placed by \(spec.placement.summary) on "
        out += "\(spec.brokers) brokers, \(plain.replication) copies each (the first is the preferred leader), acks = \(plain.acks.rawValue). "
        out += "The controller checks each broker every \(DurationFormat.seconds(spec.configuration.heartbeatInterval.seconds)) and declares it dead after "
        out += "\(DurationFormat.seconds(spec.configuration.sessionTimeout.seconds)) of silence (each consumer heartbeats its group coordinator as often, "
        out += "from a loop of its own, and is evicted after as long without a heartbeat); a leader drops a follower that does not confirm a copy within "
        out += "\(DurationFormat.seconds(spec.configuration.replicaTimeout.seconds)).\n\n"
        var table = MarkdownTable(columns: [.text("partition"), .text("replicas (brokers)"), .text("leader at the end"), .text("in sync at the end")])
        for log in plain.audit.logs.prefix(QueuePart.mostPartitionRows) {
            table.append([log.partition.description, log.replicas.map { "broker-\($0)" }.joined(separator: ", "),
                          log.leader.map { "broker-\($0)" } ?? "none", log.inSync.map { "broker-\($0)" }.joined(separator: ", ")])
        }
        out += table.rendered() + "\n" + Self.rowsLeftOut(plain.audit.logs.count)
        let counts = (1...spec.brokers).map { number in plain.audit.logs.filter { $0.replicas.contains(number) }.count }
        let leaders = (1...spec.brokers).map { number in plain.audit.logs.filter { $0.replicas.first == number }.count }
        out += "Replicas per broker: \(counts.map(String.init).joined(separator: ", ")); preferred leaders per broker: \(leaders.map(String.init).joined(separator: ", ")). "
        out += "With \(plain.audit.logs.count) partitions the split is coarse whatever the algorithm; the placement analysis below shows it on more.\n\n"
        out += membershipTable()
        return out
    }

    /// How the replica map changes when a broker joins or leaves (the placement alone, before any
    /// data is copied).
    private func membershipTable() -> String {
        guard let first = membership.first else { return "" }
        var out = "When the brokers change, the placement moves these replicas (each cell: replicas, preferred leader first; * marks a change):\n\n"
        var table = MarkdownTable(columns: [.text("partition")] + membership.map { .text($0.label) })
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
            out += "\(entry.label): \(moved.replicasMoved) of \(moved.replicas) replicas land on a broker that did not hold them, \(moved.leadersChanged) preferred leaders change.\n"
        }
        return out + "\n"
    }

    private func partitionCounts(_ plain: QueueRunResult, spec: QueueExperimentSpec) -> String {
        let audit = plain.audit
        var out = "## Without faults: counts, order and lag per partition\n\n"
        out += "\(NumberFormat.integer(audit.sent)) messages sent, \(NumberFormat.integer(audit.acknowledged)) acknowledged. "
        out += "Every group's readers keep each partition's order: \(audit.orderViolations == 0 ? "no" : NumberFormat.integer(audit.orderViolations)) out-of-order pairs in the logs.\n\n"
        var columns: [MarkdownTable.Column] = [.text("partition"), .numeric("records")]
        columns += plain.producers.map { .numeric("from \($0)") }
        let shownGroups = plain.groups.indices.prefix(QueuePart.mostGroupColumns)
        for group in shownGroups { columns += [.numeric("read by \(plain.groups[group])"), .numeric("max lag (\(plain.groups[group]))")] }
        var table = MarkdownTable(columns: columns)
        for (index, log) in audit.logs.enumerated().prefix(QueuePart.mostPartitionRows) {
            var row = [log.partition.description, NumberFormat.integer(log.records.count)] + plain.recordsByProducer[index].map { NumberFormat.integer($0) }
            for group in shownGroups {
                row += [NumberFormat.integer(plain.deliveredByGroup[group][index]), NumberFormat.integer(plain.maximumLag[group][index])]
            }
            table.append(row)
        }
        out += table.rendered() + "\n" + Self.rowsLeftOut(audit.logs.count)
        if plain.groups.count > shownGroups.count {
            out += "The table shows the first \(shownGroups.count) of the \(plain.groups.count) groups; every group's columns are in `partitions.csv`.\n\n"
        }
        out += "Max lag is the most records acknowledged to a producer but not yet handed to the group at any instant. "
        out += "From acknowledgement to first delivery: p50 \(DurationFormat.milliseconds(plain.deliveryLatency.percentile(50).seconds)), "
        out += "p99 \(DurationFormat.milliseconds(plain.deliveryLatency.percentile(99).seconds)), max \(DurationFormat.milliseconds(plain.deliveryLatency.max.seconds)) "
        out += "(consumers poll every \(spec.consumers.map { DurationFormat.milliseconds($0.pollInterval.seconds) }.uniqued().joined(separator: ", ")), which sets most of it).\n\n"
        return out
    }

    private func faultRuns(spec: QueueExperimentSpec) -> String {
        guard runs.count > 1 else { return "" }
        var out = "## Under faults\n\n"
        var table = MarkdownTable(columns: [.text("run"), .text("acks"), .numeric("copies"), .numeric("acknowledged"), .numeric("acknowledged lost"),
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
            out += "### \(run.name)\n\n"
            out += "Faults: " + (run.listedFaults.isEmpty ? "none" : run.listedFaults.joined(separator: "; ")) + ".\n\n"
            if run.audit.lostAcknowledged > 0 {
                let lost = run.audit.lostAcknowledged
                out += "\(NumberFormat.integer(lost)) acknowledged record\(lost == 1 ? " is" : "s are") gone: with acks = \(run.acks.rawValue), a leader answers before its followers have the record, "
                out += "and when it dies first the new leader never had it; the old leader drops it when it returns and truncates to the new leader's log.\n\n"
            }
            guard !run.events.isEmpty else { continue }
            out += QueuePart.eventTable(run.events)
        }
        return out
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
        var out = "## Swarm: \(swarm.seeds.count) seeds under random faults\n\n"
        out += "Seeds \(swarm.seeds.first.map { "\($0.seed)" } ?? "") … \(swarm.seeds.last.map { "\($0.seed)" } ?? ""), whatever the experiment's own seed. "
        func span(_ range: ClosedRange<Double>) -> String {
            "\(NumberFormat.trimmed(range.lowerBound, maxDecimals: 3))–\(NumberFormat.trimmed(range.upperBound, maxDecimals: 3)) s"
        }
        out += "Each seed crashes a random broker (back after \(span(QueueChaos.brokerDowntime))), cuts a random broker off from every other node (\(span(QueueChaos.isolation))) and crashes a random consumer (back after \(span(QueueChaos.consumerDowntime))), "
        out += "all within the first half of the \(DurationFormat.seconds(spec.duration.seconds)) run; \(swarm.messagesPerProducer) messages per producer.\n\n"
        var table = MarkdownTable(columns: [.text("property"), .numeric("seeds that kept it")])
        let total = swarm.seeds.count
        table.append(["per-partition order", "\(swarm.seeds.filter(\.orderKept).count) of \(total)"])
        table.append(["no acknowledged record lost\(swarm.promisesNoLoss ? "" : " (not promised here)")", "\(swarm.seeds.filter(\.nothingAcknowledgedLost).count) of \(total)"])
        table.append(["every record delivered to every group", "\(swarm.seeds.filter(\.everythingDelivered).count) of \(total)"])
        table.append(["no record lost after it was delivered", "\(swarm.seeds.filter(\.nothingLostAfterDelivery).count) of \(total)"])
        table.append(["every duplicate allowed by the commit protocol", "\(swarm.seeds.filter(\.duplicatesExplained).count) of \(total)"])
        out += table.rendered() + "\n"
        let elections = swarm.seeds.map(\.elections), duplicates = swarm.seeds.map(\.duplicates)
        out += "The faults did bite: \(elections.filter { $0 > 0 }.count) seeds moved a leadership (\(elections.reduce(0, +)) changes in all), "
        out += "\(duplicates.filter { $0 > 0 }.count) seeds redelivered records (\(NumberFormat.integer(duplicates.reduce(0, +))) in all). "
        out += "\(swarm.passed) of \(total) seeds kept every promise.\n\n"
        return out
    }

    private func analysisSection(_ analysis: QueuePlacementAnalysis) -> String {
        var out = "## Placement: \(analysis.partitions) partitions × \(analysis.replication) copies\n\n"
        out += "Replicas per broker against a uniform random split (the statistics A-1 uses), and what moves when a broker is added (ideal: the new broker's fair share) "
        out += "or broker 1 is removed (ideal: exactly what it held).\n\n"
        var table = MarkdownTable(columns: [.text("algorithm"), .numeric("brokers"), .numeric("replicas min … max"), .numeric("max / mean"), .numeric("z of busiest"),
                                            .numeric("moved on add (ideal)"), .numeric("moved on remove (ideal)"), .numeric("leaders changed on add")])
        for cell in analysis.cells {
            let stats = cell.replicasPerBroker
            table.append([cell.algorithm, String(cell.brokers), "\(stats.minimum) … \(stats.maximum)", NumberFormat.fixed(stats.peakToAverage, decimals: 2),
                          NumberFormat.fixed(stats.maximumZScore, decimals: 1),
                          "\(cell.added.replicasMoved) (\(NumberFormat.fixed(cell.idealAdded, decimals: 1)))",
                          cell.removed.map { "\($0.replicasMoved) (\(cell.idealRemoved))" } ?? "–", String(cell.added.leadersChanged)])
        }
        out += table.rendered() + "\n"
        let worst = analysis.cells.max { $0.added.replicasMoved - Int($0.idealAdded.rounded()) < $1.added.replicasMoved - Int($1.idealAdded.rounded()) }
        let fairest = analysis.cells.min { $0.replicasPerBroker.peakToAverage < $1.replicasPerBroker.peakToAverage }
        if let worst, let fairest {
            out += "Most movement beyond the ideal on an add: \(worst.algorithm) with \(worst.brokers) brokers (\(worst.added.replicasMoved) replicas against \(NumberFormat.fixed(worst.idealAdded, decimals: 1))). "
            out += "Evenest split: \(fairest.algorithm) with \(fairest.brokers) brokers (max / mean \(NumberFormat.fixed(fairest.replicasPerBroker.peakToAverage, decimals: 2))).\n\n"
        }
        return out
    }
}

private extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
