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

    /// Each producer appends its synthetic lines at its rate, retrying a send that got no answer.
    func startProducers() {
        guard let log, let section = scenario.log else { return }
        for producer in section.producers {
            let record = ProducerRecord(producer)
            producers.append(record)
            let client = LogProducer(producer.id, log: log, network: network)
            let simulation = simulation
            simulation.spawn("producer.\(producer.id.name)") { _ in
                await simulation.sleep(until: .after(producer.start))
                var generator = MapReduce.SyntheticLogGenerator(seed: producer.seed)
                let gap = 1 / producer.rate
                for index in 0..<producer.records {
                    await simulation.sleep(until: .after(producer.start + .seconds(double: Double(index) * gap)))
                    let line = Array(generator.lines(1).dropLast())
                    var sent = false
                    for _ in 0..<producer.attempts {
                        if let position = try? await client.send(topic: producer.topic, key: nil, value: line, timeout: producer.timeout) {
                            record.acknowledged.append(position)
                            sent = true
                            break
                        }
                        await simulation.sleep(for: producer.timeout)
                    }
                    if !sent { record.errors += 1 }
                }
                record.finishedAt = simulation.now
            }
        }
    }
}
