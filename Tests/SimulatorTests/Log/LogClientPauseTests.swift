import Testing
@testable import Simulator

/// A log client is a process on its node: while the node is paused it sends nothing, and a send it
/// was woken for in the pause leaves at the resume (a world's log producer is such a loop).
struct LogClientPauseTests {
    /// producer-1 paused from 0.5 s to 1.5 s, sending at 0.6 s with a 2 s timeout: the request
    /// leaves at 1.5 s, is appended at 1.5005 s and answered at 1.501 s (LAN hops of 0.5 ms). It
    /// was traced as sent at 0.6 s, from inside the pause, and held there.
    @Test func aPausedProducersSendLeavesAtTheResume() throws {
        let simulation = Simulation(seed: 1)
        let events = LogTranscript()
        simulation.trace.sink = { event in
            if event.kind == .send || event.kind == .put || event.kind == .respond {
                events.append("\(event.time.nanoseconds) \(event.kind) \(event.subject) \(event.object)")
            }
        }
        let network = Network(simulation: simulation)
        let log = PartitionedLog(network: network)
        let producer = LogProducer("producer-1", log: log, network: network)
        let answered = LogTranscript()
        simulation.spawn("producer") { _ in
            try? await log.createTopic("events", partitions: 1)
            await simulation.sleep(until: .after(.milliseconds(600)))
            let position = try? await producer.send(topic: "events", key: nil, value: [1], timeout: .seconds(2))
            answered.append("\(simulation.now.nanoseconds) offset \(position?.offset ?? -1)")
        }
        simulation.schedule(after: .milliseconds(500)) { network.pause("producer-1", for: .seconds(1)) }
        try simulation.runToCompletion(timeLimit: .after(.seconds(10)))
        #expect(events.entries == ["1500000000 send producer-1 log", "1500500000 put log events/0", "1501000000 respond log producer-1"])
        #expect(answered.entries == ["1501000000 offset 0"])
    }
}
