import Reports
import Simulator

/// `results/queue/`: the report, its JSON, the per-partition and placement tables as CSV, and two charts.
extension QueueResult {
    func bundle(spec: QueueExperimentSpec) -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("queue/report.md", markdown(spec: spec))
        bundle.add("queue/report.json", json(spec: spec))
        bundle.add("queue/partitions.csv", partitionsCSV())
        bundle.add("queue/partitions.svg", partitionsChart().svg())
        if let swarm { bundle.add("queue/swarm.csv", swarmCSV(swarm)) }
        if let analysis {
            bundle.add("queue/placement.csv", placementCSV(analysis))
            bundle.add("queue/placement_movement.svg", movementChart(analysis, brokers: spec.brokers).svg())
        }
        return bundle
    }

    func partitionsCSV() -> String {
        var table = CSVTable(header: ["run", "partition", "replicas", "leader", "in_sync", "records", "lost_acknowledged"] + runs[0].groups.flatMap { ["delivered_\($0)", "max_lag_\($0)", "duplicates_\($0)"] })
        for run in runs {
            for (index, log) in run.audit.logs.enumerated() {
                let lost = run.audit.lostAcknowledgedByPartition[index]
                var row = [run.name, log.partition.description, log.replicas.map(String.init).joined(separator: " "), log.leader.map(String.init) ?? "",
                           log.inSync.map(String.init).joined(separator: " "), String(log.records.count), String(lost)]
                for group in run.groups.indices {
                    row += [String(run.deliveredByGroup[group][index]), run.readsPartition[group][index] ? String(run.maximumLag[group][index]) : "",
                            String(run.audit.duplicatesByPartition[run.groups[group]]?[index] ?? 0)]
                }
                table.append(row)
            }
        }
        return table.rendered()
    }

    func swarmCSV(_ swarm: QueueSwarmResult) -> String {
        var table = CSVTable(header: ["seed", "order_kept", "nothing_acknowledged_lost", "everything_delivered", "nothing_lost_after_delivery", "duplicates_explained",
                                      "leader_changes", "duplicates", "lost_acknowledged"])
        for seed in swarm.seeds {
            table.append([String(seed.seed), String(seed.orderKept), String(seed.nothingAcknowledgedLost), String(seed.everythingDelivered), String(seed.nothingLostAfterDelivery),
                          String(seed.duplicatesExplained), String(seed.elections), String(seed.duplicates), String(seed.lostAcknowledged)])
        }
        return table.rendered()
    }

    func placementCSV(_ analysis: QueuePlacementAnalysis) -> String {
        var table = CSVTable(header: ["algorithm", "brokers", "replicas_per_broker", "max_over_mean", "z_busiest", "leaders_per_broker",
                                      "moved_on_add", "ideal_on_add", "leaders_changed_on_add", "moved_on_remove", "ideal_on_remove"])
        for cell in analysis.cells {
            table.append([cell.algorithm, String(cell.brokers), cell.replicasPerBroker.counts.map(String.init).joined(separator: " "),
                          NumberFormat.fixed(cell.replicasPerBroker.peakToAverage, decimals: 4), NumberFormat.fixed(cell.busiestZScore, decimals: 3),
                          cell.leadersPerBroker.counts.map(String.init).joined(separator: " "), String(cell.added.replicasMoved), NumberFormat.fixed(cell.idealAdded, decimals: 2),
                          String(cell.added.leadersChanged), cell.removed.map { String($0.replicasMoved) } ?? "", String(cell.idealRemoved)])
        }
        return table.rendered()
    }

    func partitionsChart() -> BarChart {
        let plain = runs[0]
        return BarChart(title: "Without faults: records per partition and what each group read",
                        categories: plain.audit.logs.map(\.partition.description),
                        series: [.init("records in the log", values: plain.audit.logs.map { Double($0.records.count) })]
                            + plain.groups.indices.map { .init("read by \(plain.groups[$0])", values: plain.deliveredByGroup[$0].map(Double.init)) },
                        xAxisLabel: "partition", yAxisLabel: "records")
    }

    func movementChart(_ analysis: QueuePlacementAnalysis, brokers: Int) -> BarChart {
        let count = analysis.cells.contains { $0.brokers == brokers } ? brokers : analysis.cells[0].brokers
        let cells = analysis.cells.filter { $0.brokers == count }
        return BarChart(title: "Replicas moved when broker \(count + 1) joins \(count) (\(analysis.partitions) partitions × \(analysis.replication))",
                        categories: cells.map(\.algorithm),
                        series: [.init("moved", values: cells.map { Double($0.added.replicasMoved) })],
                        xAxisLabel: "placement algorithm", yAxisLabel: "replicas moved",
                        referenceLine: .init(value: cells[0].idealAdded, label: "ideal: its fair share"))
    }

    private struct Document: Encodable {
        /// A partition at the end as a composed world's report.json gives it
        /// (``QueueAudit/PartitionDocument``), then — at the same level — what each group read of
        /// it and its largest lag, which only the experiment measures.
        struct Partition: Encodable {
            var partition: QueueAudit.PartitionDocument
            var deliveredByGroup: [String: Int]
            var maximumLagByGroup: [String: Int]

            private enum Keys: String, CodingKey { case deliveredByGroup, maximumLagByGroup }

            func encode(to encoder: any Encoder) throws {
                try partition.encode(to: encoder)
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(deliveredByGroup, forKey: .deliveredByGroup)
                try container.encode(maximumLagByGroup, forKey: .maximumLagByGroup)
            }
        }
        struct Run: Encodable {
            var name: String; var acks: String; var replication: Int; var digest: String; var sent: Int; var acknowledged: Int; var lostAcknowledged: Int
            var acknowledgedBeyondHighWatermark: Int
            /// Sent but not acknowledged: given up after the last attempt (of them, in the log anyway), or in flight at the end.
            var gaveUp: Int; var gaveUpInLog: Int; var inFlightAtEnd: Int
            var appendedTwice: Int; var orderViolations: Int; var undelivered: [String: Int]; var lostAfterDelivery: [String: Int]; var duplicates: [String: Int]; var allowedDuplicates: [String: Int]
            var promisesKept: Bool; var deliveryLatencyP50Seconds: Double; var deliveryLatencyP99Seconds: Double
            var faults: [String]; var partitions: [Partition]; var events: [QueueEvent.Document]
        }
        struct Swarm: Encodable { var seeds: Int; var passed: Int; var promisesNoLoss: Bool; var seedsWithLeaderChanges: Int; var seedsWithDuplicates: Int }
        struct Cell: Encodable {
            var algorithm: String; var brokers: Int; var replicasPerBroker: [Int]; var maxOverMean: Double; var movedOnAdd: Int; var idealOnAdd: Double
            var movedOnRemove: Int?; var idealOnRemove: Int; var leadersChangedOnAdd: Int
            /// The busiest broker against a random placement of the same copies (placement.csv's `z_busiest`).
            var randomMean: Double; var randomStandardDeviation: Double; var zBusiest: Double
        }
        var experiment = "queue"; var seed: UInt64; var brokers: Int; var placement: String
        var runs: [Run]; var swarm: Swarm?; var placementAnalysis: [Cell]?
    }

    func json(spec: QueueExperimentSpec) -> String {
        let runs = runs.map { run in
            let audit = run.audit
            return Document.Run(
                name: run.name, acks: run.acks.rawValue, replication: run.replication, digest: run.digest, sent: audit.sent, acknowledged: audit.acknowledged,
                lostAcknowledged: audit.lostAcknowledged, acknowledgedBeyondHighWatermark: audit.acknowledgedBeyondHighWatermark,
                gaveUp: run.gaveUp, gaveUpInLog: run.gaveUpInLog, inFlightAtEnd: run.inFlightAtEnd, appendedTwice: audit.duplicateAppends, orderViolations: audit.orderViolations,
                undelivered: audit.undelivered, lostAfterDelivery: audit.lostAfterDelivery, duplicates: audit.duplicates, allowedDuplicates: audit.allowedDuplicates,
                promisesKept: audit.holds(noLoss: run.acks == .all && run.replication >= 2),
                deliveryLatencyP50Seconds: run.deliveryLatency.percentile(50).seconds, deliveryLatencyP99Seconds: run.deliveryLatency.percentile(99).seconds,
                faults: run.listedFaults,
                partitions: audit.logs.indices.map { index in
                    Document.Partition(partition: audit.partitionDocument(index, groups: run.groups),
                                       deliveredByGroup: Dictionary(uniqueKeysWithValues: run.groups.indices.map { (run.groups[$0], run.deliveredByGroup[$0][index]) }),
                                       maximumLagByGroup: Dictionary(uniqueKeysWithValues: run.groups.indices.filter { run.readsPartition[$0][index] }.map { (run.groups[$0], run.maximumLag[$0][index]) }))
                },
                events: run.events.map(\.document))
        }
        let swarm = self.swarm.map { swarm in
            Document.Swarm(seeds: swarm.seeds.count, passed: swarm.passed, promisesNoLoss: swarm.promisesNoLoss,
                           seedsWithLeaderChanges: swarm.seeds.filter { $0.elections > 0 }.count, seedsWithDuplicates: swarm.seeds.filter { $0.duplicates > 0 }.count)
        }
        let cells = analysis?.cells.map { cell in
            Document.Cell(algorithm: cell.algorithm, brokers: cell.brokers, replicasPerBroker: cell.replicasPerBroker.counts, maxOverMean: cell.replicasPerBroker.peakToAverage,
                          movedOnAdd: cell.added.replicasMoved, idealOnAdd: cell.idealAdded, movedOnRemove: cell.removed?.replicasMoved, idealOnRemove: cell.idealRemoved,
                          leadersChangedOnAdd: cell.added.leadersChanged,
                          randomMean: cell.random.mean, randomStandardDeviation: cell.random.standardDeviation, zBusiest: cell.busiestZScore)
        }
        return JSONReport.encode(Document(seed: spec.seed, brokers: spec.brokers, placement: spec.placement.summary, runs: runs, swarm: swarm, placementAnalysis: cells))
    }
}
