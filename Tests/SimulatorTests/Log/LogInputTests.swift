import Testing
@testable import Simulator

/// MapReduce jobs read their input from log partitions, as seed 001's map workers read Kafka.
struct LogInputTests {
    @Test func aJobOverALogTopicEqualsTheOracleAndAdvancesItsGroup() throws {
        let simulation = Simulation(seed: 111)
        let cluster = MapReduce.Cluster(simulation: simulation, configuration: Fixtures.slowCluster())
        var generator = MapReduce.SyntheticLogGenerator(seed: 3)
        let firstBatch = generator.lines(120).split(separator: UInt8(ascii: "\n")).map(Array.init)
        let secondBatch = generator.lines(30).split(separator: UInt8(ascii: "\n")).map(Array.init)
        let producer = LogProducer("producer", log: cluster.log, network: cluster.network)
        let handles = HandleBox()
        simulation.spawn("producer") { _ in
            try? await cluster.log.createTopic("app-logs", partitions: 3)
            for line in firstBatch { _ = try? await producer.send(topic: "app-logs", key: Array(line.prefix(24)), value: line) }
            handles.first = try? cluster.submit(.init(id: "first", jobNamed: "log-patterns",
                                                      input: .log(topic: "app-logs", group: "batch", recordsPerSplit: 25), reducers: 2))
            while handles.first?.isDone != true { await simulation.sleep(for: .seconds(1)) }
            for line in secondBatch { _ = try? await producer.send(topic: "app-logs", key: Array(line.prefix(24)), value: line) }
            handles.second = try? cluster.submit(.init(id: "second", jobNamed: "log-patterns",
                                                       input: .log(topic: "app-logs", group: "batch", recordsPerSplit: 25), reducers: 2))
        }
        try simulation.runToCompletion(timeLimit: .after(.seconds(3600)))
        let first = try #require(handles.first?.report)
        let second = try #require(handles.second?.report)
        let oracle = { (lines: [[UInt8]]) in
            Fixtures.text(MapReduce.LogPatterns().reference(lines.map { MapReduce.InputRecord(document: 0, line: $0[...]) }))
        }
        #expect(Fixtures.text(first.output!.records) == oracle(firstBatch))
        #expect(Fixtures.text(second.output!.records) == oracle(secondBatch))
        #expect(first.mapTasks >= 5)
        #expect(handles.first?.committedLogOffsets == true)
    }
}

extension LogInputTests {
    /// The log is cut off from everyone for five seconds just as the map tasks start: they fail
    /// with "input unavailable" (counted towards the attempt limit, as Hadoop counts a record
    /// reader's IOException), wait a backoff before each retry instead of spinning, and the
    /// output is still exact.
    @Test func aJobWaitsOutAnUnreachableLogWithoutSpinning() throws {
        let simulation = Simulation(seed: 112)
        let cluster = MapReduce.Cluster(simulation: simulation, configuration: Fixtures.slowCluster())
        var generator = MapReduce.SyntheticLogGenerator(seed: 4)
        let lines = generator.lines(80).split(separator: UInt8(ascii: "\n")).map(Array.init)
        let handles = HandleBox()
        simulation.spawn("producer") { _ in
            try? await cluster.log.createTopic("app-logs", partitions: 2)
            for line in lines { _ = try? await cluster.log.append(to: "app-logs", key: nil, value: line) }
            handles.first = try? cluster.submit(.init(job: MapReduce.WordCount(), input: .log(topic: "app-logs", group: nil, recordsPerSplit: 20),
                                                      reducers: 2))
        }
        cluster.schedule([.init(at: .after(.seconds(0.5)), .network(.partition([["log"]]))),
                          .init(at: .after(.seconds(5.5)), .network(.heal))])
        try simulation.runToCompletion(timeLimit: .after(.seconds(3600)))
        let report = try #require(handles.first?.report)
        let unavailable = report.attempts.filter { $0.outcome.description.hasPrefix("failed: input unavailable") }
        #expect(!unavailable.isEmpty)
        #expect(unavailable.count <= 4 * 5)
        let expected = MapReduce.WordCount().reference(lines.map { MapReduce.InputRecord(document: 0, line: $0[...]) })
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(expected))
    }
}

/// Handles created inside a task. `@unchecked Sendable`: one simulation thread.
final class HandleBox: @unchecked Sendable {
    var first: MapReduce.JobHandle?
    var second: MapReduce.JobHandle?
}
