import Testing
@testable import Simulator

/// The job's map completion events, as Hadoop's MRv2 keeps them (`JobImpl`'s
/// `mapAttemptCompletionEvents`) and its reducers read them (`EventFetcher`,
/// `ShuffleSchedulerImpl.resolve`): in order, from the id after the last one read.
struct MapCompletionEventTests {
    // MARK: The bound of one answer

    /// Hadoop's `Shuffle.run`: min(10,000, max(100, 3,000,000 / reducers)).
    @Test func oneAnswerHoldsAtMostHadoopsBoundForTheJobsReducers() {
        #expect(MapReduce.MapCompletionEvent.maxEventsToFetch(reducers: 1) == 10_000)
        #expect(MapReduce.MapCompletionEvent.maxEventsToFetch(reducers: 300) == 10_000)
        #expect(MapReduce.MapCompletionEvent.maxEventsToFetch(reducers: 301) == 9_966)
        #expect(MapReduce.MapCompletionEvent.maxEventsToFetch(reducers: 10_000) == 300)
        #expect(MapReduce.MapCompletionEvent.maxEventsToFetch(reducers: 40_000) == 100)
    }

    // MARK: The log and a reducer's reading of it

    static func location(map: Int, attempt: Int) -> MapReduce.MapOutputLocation {
        MapReduce.MapOutputLocation(mapIndex: map, worker: "worker-a", attempt: attempt, incarnation: 0, inShuffleStore: false,
                                    partitionBytes: [10])
    }

    /// map-0#1 and map-1#2 succeed, map-0#1's output is lost, map-0#3 succeeds: the first success
    /// of map 0 is rewritten as obsolete in place, as `JobImpl`'s
    /// `TaskAttemptCompletedEventTransition` does; ids are positions.
    @Test func aLaterEventOfAMapMakesItsSuccessObsoleteInPlace() {
        var log = MapReduce.MapCompletionEventLog(maps: 2)
        log.append(.succeeded, attempt: 1, map: 0, location: Self.location(map: 0, attempt: 1))
        log.append(.succeeded, attempt: 2, map: 1, location: Self.location(map: 1, attempt: 2))
        log.append(.failed, attempt: 1, map: 0)
        log.append(.succeeded, attempt: 3, map: 0, location: Self.location(map: 0, attempt: 3))
        #expect(log.events.map(\.id) == [0, 1, 2, 3])
        #expect(log.events.map(\.status) == [.obsolete, .succeeded, .failed, .succeeded])
        #expect(log.events(from: 1, limit: 2).map(\.id) == [1, 2])
        #expect(log.events(from: 3, limit: 10).map(\.id) == [3])
        #expect(log.events(from: 4, limit: 10).isEmpty)
    }

    /// A reducer that read events 0 and 1 knows both outputs; event 2 (map-0#1 failed) takes
    /// map 0's away, event 3, a `killed` of map-0#9, which it does not know, changes nothing, and
    /// event 4 gives map 0 back at attempt 3. One that reads all five at once, with event 0
    /// already obsolete, knows the same.
    @Test func aReducerKnowsEachMapsLatestSuccessThatNoLaterEventUndid() {
        var log = MapReduce.MapCompletionEventLog(maps: 2)
        log.append(.succeeded, attempt: 1, map: 0, location: Self.location(map: 0, attempt: 1))
        log.append(.succeeded, attempt: 2, map: 1, location: Self.location(map: 1, attempt: 2))
        var polling = MapReduce.MapOutputsFromEvents(maps: 2)
        polling.read(log.events(from: 0, limit: 10))
        #expect(polling.locations.map { $0?.attempt } == [1, 2])
        #expect(polling.nextEventID == 2)
        log.append(.failed, attempt: 1, map: 0)
        log.append(.killed, attempt: 9, map: 0)
        polling.read(log.events(from: polling.nextEventID, limit: 10))
        #expect(polling.locations.map { $0?.attempt } == [nil, 2])
        log.append(.succeeded, attempt: 3, map: 0, location: Self.location(map: 0, attempt: 3))
        polling.read(log.events(from: polling.nextEventID, limit: 10))
        #expect(polling.locations.map { $0?.attempt } == [3, 2])
        #expect(polling.nextEventID == 5)
        var late = MapReduce.MapOutputsFromEvents(maps: 2)
        late.read(log.events(from: 0, limit: 10))
        #expect(late.locations == polling.locations)
    }

    // MARK: The coordinator, message by message

    /// A job of two map tasks and one reducer (share 0.5), driven by hand.
    struct Driven {
        let simulation = Simulation(seed: 5)
        let coordinator: MapReduce.Coordinator
        let answers = AnswerRecorder()

        init() {
            let network = Network(simulation: simulation)
            coordinator = MapReduce.Coordinator(network: network, policy: MapReduce.CoordinatorPolicy(speculation: nil))
        }

        static let submission = MapReduce.JobSubmission(
            id: "j", job: MapReduce.WordCount(),
            splits: MapReduce.InputSplitter.splits(of: [Fixtures.documents[0], Fixtures.documents[0]], targetSize: 1_000_000),
            reducers: 1, combining: true, reduceSlowstart: 0.5)

        static func beat(_ worker: NodeID, incarnation: UInt64 = 0, free: Int = 1) -> MapReduce.Heartbeat {
            MapReduce.Heartbeat(worker: worker, incarnation: incarnation, running: [], freeMapSlots: free, freeReduceSlots: free,
                                mapSlots: 1, reduceSlots: 1)
        }

        static func report(_ worker: NodeID, attempt: Int, _ result: MapReduce.TaskResult) -> MapReduce.TaskReport {
            MapReduce.TaskReport(worker: worker, incarnation: 0, jobID: "j", attempt: attempt, result: result,
                                 freeMapSlots: 1, freeReduceSlots: 1, mapSlots: 1, reduceSlots: 1)
        }

        static func mapped(_ worker: NodeID, attempt: Int) -> MapReduce.TaskReport {
            report(worker, attempt: attempt, .mapped(MapReduce.MapStatistics(), partitionBytes: [100], inShuffleStore: false))
        }

        /// The reduce attempt's question from `from`, reporting `failures`.
        static func query(from: Int, failures: [MapReduce.FetchFailureNotice] = []) -> MapReduce.ShuffleQuery {
            MapReduce.ShuffleQuery(worker: "worker-a", incarnation: 0, jobID: "j", attempt: 3, failures: failures,
                                   fromEventID: from, maxEvents: MapReduce.MapCompletionEvent.maxEventsToFetch(reducers: 1))
        }

        /// Runs `body` isolated to the coordinator at virtual time `seconds`.
        func at(_ seconds: Double, _ body: @escaping @Sendable (isolated MapReduce.Coordinator) -> Void) {
            let coordinator = coordinator
            simulation.schedule(after: .seconds(seconds)) { coordinator.assumeIsolated(body) }
        }
    }

    /// An event as the tests read it: `id map-m#attempt status`.
    static func text(_ events: [MapReduce.MapCompletionEvent]) -> [String] {
        events.map { "\($0.id) map-\($0.mapIndex)#\($0.attempt) \($0.status)" }
    }

    /// 0 s: map-0#1 on worker-a, map-1#2 on worker-b. 1 s: map-0#1 succeeds (event 0) and
    /// worker-a gets reduce-0#3 with event 0. 2 s: map-1#2 fails (event 1, `failed`). 3 s:
    /// map-1#4 starts on worker-b after its 1 s backoff, 4 s: succeeds (event 2). 5 s: the
    /// reducer, having read event 0, asks from 1 and gets events 1 and 2. 6 s: it reports that
    /// worker-a's disk no longer holds map-0#1's output: event 3 (`failed`), and event 0 is now
    /// obsolete. 7 s: worker-b comes back as a new incarnation: its map-1#4 output is gone
    /// (event 4, `killed`; event 2 obsolete). A reducer asking from 0 then reads five events
    /// and knows no output — the coordinator has none either.
    @Test func eventsAreTheMapAttemptsEndingsInOrderAndEachAnswerHoldsThoseAfterItsFromEventID() throws {
        let driven = Driven()
        let answers = driven.answers
        let failure = MapReduce.FetchFailureNotice(location: MapCompletionEventTests.location(map: 0, attempt: 1),
                                                   reason: "missing from the local disk", held: [])
        driven.at(0) { coordinator in
            coordinator.submit(Driven.submission)
            answers.assigned.append(coordinator.heartbeat(Driven.beat("worker-a")).assignments)
            answers.assigned.append(coordinator.heartbeat(Driven.beat("worker-b")).assignments)
        }
        driven.at(1) { answers.assigned.append($0.receive(Driven.mapped("worker-a", attempt: 1)).assignments) }
        driven.at(2) { answers.assigned.append($0.receive(Driven.report("worker-b", attempt: 2, .failed(.jobError("boom")))).assignments) }
        driven.at(3) { answers.assigned.append($0.heartbeat(Driven.beat("worker-b")).assignments) }
        driven.at(4) { _ = $0.receive(Driven.mapped("worker-b", attempt: 4)) }
        driven.at(5) { answers.events.append($0.shuffle(Driven.query(from: 1))) }
        driven.at(6) { answers.events.append($0.shuffle(Driven.query(from: 3, failures: [failure]))) }
        driven.at(7) { coordinator in
            _ = coordinator.heartbeat(Driven.beat("worker-b", incarnation: 1))
            answers.events.append(coordinator.shuffle(Driven.query(from: 4)))
            answers.events.append(coordinator.shuffle(Driven.query(from: 0)))
            answers.outputs = coordinator.jobs["j"]!.mapOutputs.map { $0?.attempt }
        }
        try driven.simulation.run(until: .after(.seconds(8)))

        #expect(answers.assigned.map { $0.map { "\($0.task)#\($0.attempt)" } } == [["map-0#1"], ["map-1#2"], ["reduce-0#3"], [], ["map-1#4"]])
        #expect(Self.text(answers.assigned[2][0].mapCompletionEvents) == ["0 map-0#1 succeeded"])
        #expect(answers.events.map { $0.map(Self.text) } == [
            ["1 map-1#2 failed", "2 map-1#4 succeeded"],
            ["3 map-0#1 failed"],
            ["4 map-1#4 killed"],
            ["0 map-0#1 obsolete", "1 map-1#2 failed", "2 map-1#4 obsolete", "3 map-0#1 failed", "4 map-1#4 killed"],
        ])
        var fromScratch = MapReduce.MapOutputsFromEvents(maps: 2)
        fromScratch.read(answers.events[3] ?? [])
        #expect(fromScratch.locations.map { $0?.attempt } == answers.outputs)
        #expect(answers.outputs == [nil, nil])
    }

    /// map-1#2 succeeds at once (event 0) and reduce-0#3 starts. Worker-a then falls silent and
    /// worker-b keeps beating without free slots, so at 10.6 s worker-a is past the 10 s worker
    /// timeout: map-0#1 is declared lost (event 1, `killed`, as Hadoop kills the attempts of a
    /// lost node), and reduce-0#3, without progress for the 10 s task timeout, times out (no
    /// event: not a map). Worker-c gets map-0#4 and reduce-0#5 at 11.7 s; map-0#1's late answer —
    /// a lost attempt's, which may still answer, unlike a timed-out one, which is aborted —
    /// completes the task (event 2) and kills map-0#4, whose completion is then a duplicate: as
    /// Hadoop's `TaskImpl`, which reports attempts ending after their task succeeded to nobody,
    /// neither is an event.
    @Test func aLateAnswerThatCompletesItsTaskIsASuccessAndTheAttemptItBeatIsNoEvent() throws {
        let driven = Driven()
        let answers = driven.answers
        driven.at(0) { coordinator in
            coordinator.submit(Driven.submission)
            _ = coordinator.heartbeat(Driven.beat("worker-a"))
            _ = coordinator.heartbeat(Driven.beat("worker-b"))
            _ = coordinator.receive(Driven.mapped("worker-b", attempt: 2))
        }
        driven.at(10.5) { coordinator in
            _ = coordinator.heartbeat(Driven.beat("worker-b", free: 0))
        }
        driven.at(10.6) { $0.monitor() }
        driven.at(11.7) { coordinator in
            answers.assigned.append(coordinator.heartbeat(Driven.beat("worker-c")).assignments)
            _ = coordinator.receive(Driven.mapped("worker-a", attempt: 1))
            _ = coordinator.receive(Driven.mapped("worker-c", attempt: 4))
            answers.events.append(coordinator.jobs["j"]!.mapCompletionEvents.events)
            answers.outcomes = coordinator.jobs["j"]!.attempts.values.map { "\($0.task)#\($0.number) \($0.outcome)" }
        }
        try driven.simulation.run(until: .after(.seconds(12)))
        #expect(answers.assigned.map { $0.map { "\($0.task)#\($0.attempt)" } } == [["map-0#4", "reduce-0#5"]])
        #expect(answers.outcomes == ["map-0#1 succeeded", "map-1#2 succeeded", "reduce-0#3 timed out", "map-0#4 duplicate",
                                     "reduce-0#5 running"])
        #expect(answers.events.map { $0.map(Self.text) } == [
            ["0 map-1#2 succeeded", "1 map-0#1 killed", "2 map-0#1 succeeded"],
        ])
    }
}

/// What the driven coordinator answered, kept for after the run. `@unchecked Sendable`: written
/// on the simulation thread during the run, read after it.
final class AnswerRecorder: @unchecked Sendable {
    var assigned: [[MapReduce.Assignment]] = []
    var events: [[MapReduce.MapCompletionEvent]?] = []
    var outputs: [Int?] = []
    var outcomes: [String] = []
}
