import Simulator

extension World {
    /// The partitioned log on node `log` (shared with the MapReduce cluster), its topics created
    /// at virtual time zero.
    func buildLog() {
        guard scenario.log != nil || scenario.mapreduce != nil else { return }
        let log = PartitionedLog(network: network)
        self.log = log
        guard let section = scenario.log else { return }
        simulation.spawn("log.setup") { _ in
            for topic in section.topics {
                // The loader checked the names: creating them cannot fail.
                try? await log.createTopic(topic.name, partitions: topic.partitions)
            }
        }
    }

    /// Each producer appends its synthetic lines at its rate, retrying a send that got no answer
    /// after waiting its `timeout` (not after the last attempt: nothing is left to wait for).
    /// Every copy that lands is noted against its record (``ProducerRecord/copies``), answered or
    /// not. Each runs as its node's program (``Network/startProcess(on:named:daemon:for:_:)``): a
    /// crash ends it, and a restart's process, once booted, sends the record in flight again and
    /// goes on from it at the producer's rate (``ResumableSchedule``).
    func startProducers() {
        guard let log, let section = scenario.log else { return }
        for producer in section.producers {
            let record = ProducerRecord(producer)
            producers.append(record)
            let simulation = simulation
            let gap = 1 / producer.rate
            let schedule = ResumableSchedule(count: producer.records) { .after(producer.start + .seconds(double: Double($0) * gap)) }
            network.startProcess(on: producer.id, named: "producer.\(producer.id.name)", for: self) { world, process in
                let client = LogProducer(producer.id, log: log, network: world.network)
                await simulation.sleep(until: .after(producer.start))
                var generator = MapReduce.SyntheticLogGenerator(seed: producer.seed)
                let items = schedule.items(for: process, beginning: simulation.now)
                guard !items.isEmpty else { return }
                _ = generator.lines(items.lowerBound)
                for index in items {
                    await simulation.sleep(until: schedule.due(index))
                    guard process.runs else { return }
                    let line = Array(generator.lines(1).dropLast())
                    if record.copies.count == index { record.copies.append(0) }
                    var sent = false
                    for attempt in 1...producer.attempts {
                        guard await process.awaitRunning() else { return }
                        let position = try? await client.send(topic: producer.topic, key: nil, value: line, timeout: producer.timeout,
                                                              appended: { _ in record.copies[index] += 1 })
                        guard process.runs else { return }
                        if let position {
                            record.acknowledged.append(position)
                            sent = true
                            break
                        }
                        if attempt < producer.attempts { await simulation.sleep(for: producer.timeout) }
                    }
                    if !sent { record.failed.append(index) }
                    schedule.settled(index)
                }
                record.finishedAt = simulation.now
            }
        }
    }

    /// The log's figures at the end (`end`, read from the log): what each producer got
    /// acknowledged, the topics, the acknowledged records missing, the copies beyond each
    /// record's first, the records given up on that landed all the same, and the records the
    /// jobs reading a topic read — in all, and at least once (``TopicCoverage``).
    func logFigures(_ end: EndState) -> RunResult.LogFigures {
        var lost = 0
        for record in producers {
            let ends = end.topicRecords.first { $0.name == record.producer.topic }?.ends ?? []
            lost += record.acknowledged.filter { $0.partition >= ends.count || $0.offset >= ends[$0.partition] }.count
        }
        let duplicates = producers.reduce(0) { total, record in record.copies.reduce(total) { $0 + max(0, $1 - 1) } }
        let errorsInLog = producers.reduce(0) { total, record in total + record.failed.filter { record.copies[$0] > 0 }.count }
        // Looked up by topic, never iterated: the sums follow the log section's order.
        var coverage: [String: TopicCoverage] = [:]
        for topic in end.topicRecords { coverage[topic.name] = TopicCoverage(ends: topic.ends) }
        var readByJobs = 0
        for job in jobs {
            guard case .topic(let topic, _, _) = job.spec.input else { continue }
            readByJobs += job.records.count
            if let range = job.topicRange { coverage[topic]?.add(from: range.from, to: range.to) }
        }
        return RunResult.LogFigures(
            producers: producers.map { ($0.producer.id.name, $0.producer.topic, $0.acknowledged.count, $0.errors, $0.finishedAt?.seconds) },
            topics: end.topicRecords.map { ($0.name, $0.records) }, lost: lost, duplicates: duplicates, errorsInLog: errorsInLog,
            readByJobs: readByJobs, unread: end.topicRecords.reduce(0) { $0 + (coverage[$1.name]?.recordsUnread ?? $1.records) })
    }
}
