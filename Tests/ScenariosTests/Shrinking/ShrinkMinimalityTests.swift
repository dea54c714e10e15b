import Foundation
import Simulator
import Testing
@testable import Scenarios

/// A shrink result is 1-minimal at its final size, and its incidents are whole: checker D's
/// reproducers of s76 (F2, F3), pinned to their exact results.
struct ShrinkMinimalityTests {
    /// One server under open-loop traffic with crashes drawn on it: the failure
    /// (`succeeded >= 950`) needs no fault at all, only enough time to count too few successes.
    static let oneServer = """
    name: w1
    run:
      duration: 100s
    servers:
    - name: s
      slots: 4
      service_time: 2ms
    workload:
      type: open_loop
      rate: 10
      timeout: 1s
    chaos:
      nodes:
      - s
      crashes_per_hour: 60
      downtime: 2s
    expect:
    - succeeded >= 950
    """

    /// Once the workload shrank to 14.257 s, the one incident left — a crash at 86.5 s, after the
    /// run's end — was kept without asking whether none would do: the result was not 1-minimal
    /// (removing it changed nothing, not even the digest), and the kept fault, refused past the
    /// shorter run's time limit, stopped the duration at 14.257 s (13 runs). The faults are now
    /// minimised again whenever a pass shrank the workload, down to none and 1.74 ms.
    @Test func theLastIncidentIsDroppedOnceTheShorterRunNoLongerNeedsIt() throws {
        let url = try PlantedPair.write(Self.oneServer, name: "w1.yaml")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        guard case .shrunk(let result) = try Shrinker(path: url.path, seed: 2).shrink() else {
            Issue.record("w1 seed 2 did not shrink")
            return
        }
        #expect(result.before.count == 5)
        #expect(ShrinkResult.faultCount(result.before) == 10)
        #expect(result.after.isEmpty)
        #expect(result.sizesAfter.map(\.description) == ["run.duration: 0.001740356s"])
        #expect(result.runs == 27)
        #expect(result.runLimit == nil)
        #expect(result.failure.description == "expectation 'succeeded >= 950' failed")
        #expect(!result.yaml.contains("faults:"))
    }

    /// Three workers under `mapreduce.chaos` at 30 crashes a minute: one worker's crashes overlap.
    static let mapReduce = """
    name: mr
    mapreduce:
      cluster:
        workers: 3
        cost: {map_per_record: 1ms, reduce_per_key: 2ms}
        policy: {heartbeat_interval: 1s, worker_timeout: 5s, max_attempts: 4}
      chaos: {worker_crashes_per_minute: 30, pauses_per_minute: 30}
      jobs:
        - {id: j1, name: word-count, reducers: 2, input: {synthetic: {lines: 4000, seed: 3}}}
    expect:
      - mapreduce.makespan < 6s
    """

    /// Seed 6 drew 44 crashes, 21 of them of a worker already down ("no effect" in the run's own
    /// report). Paired "last crash takes the next restart", they made 102 incidents, 43 of them a
    /// lone crash or restart, and the shrink blamed a lone crash at 1.09 s — no effect in the
    /// original, a permanent crash in the shrunk file. Now each of the 23 crashes that struck
    /// takes the restart that ends it and the restarts drawn for the crashes it swallowed.
    @Test func overlappingClusterCrashesPairWithTheRestartsThatEndThem() throws {
        let url = try PlantedPair.write(Self.mapReduce, name: "mr.yaml")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let shrinker = try Shrinker(path: url.path, seed: 6)
        let incidents = shrinker.incidents
        func count(_ action: String, in incident: FaultIncident) -> Int {
            incident.items.count { item in item.node.mapping?[action] != nil }
        }
        let crashes = incidents.filter { count("crash", in: $0) > 0 }
        // 19 pauses found their worker crashed or paused ("no effect" in the run's own report)
        // and are no incident (they were: 60 incidents, 104 faults, 37 pauses).
        #expect(incidents.count == 41)
        #expect(ShrinkResult.faultCount(incidents) == 85)
        #expect(crashes.count == 23)
        #expect(crashes.allSatisfy { count("crash", in: $0) == 1 && count("restart", in: $0) >= 1 })
        #expect(crashes.map { count("restart", in: $0) }.reduce(0, +) == 44)
        #expect(!incidents.contains { count("restart", in: $0) > 0 && count("crash", in: $0) == 0 })
        #expect(incidents.filter { count("pause", in: $0) == 1 && $0.faultCount == 1 }.count == 18)
        // The chain of D's report: crashes at 0.515 s (struck), 1.091 s and 1.126 s (worker-3
        // already down, dropped), then the three restarts drawn for them.
        #expect(incidents[1].description == "{at: 0.514659883s, crash: worker-3} + {at: 1.989710661s, restart: worker-3} + {at: 7.482864183s, restart: worker-3} + {at: 13.803874241s, restart: worker-3}")
        #expect(!incidents.contains { $0.description.contains("1.091251588s") })

        guard case .shrunk(let result) = shrinker.shrink() else {
            Issue.record("mr seed 6 did not shrink")
            return
        }
        #expect(result.after.map(\.description) == ["{at: 0.458674451s, pause: worker-2, for: 9.129478665s}",
                                                    "{at: 0.514659883s, crash: worker-3} + {at: 1.989710661s, restart: worker-3} + {at: 7.482864183s, restart: worker-3} + {at: 13.803874241s, restart: worker-3}"])
        #expect(result.sizesAfter.map(\.description) == ["mapreduce.jobs.0.input.synthetic.lines: 3250"])
        #expect(result.runs == 26)
    }

    /// The pairing on its own: a crash of a node already down is dropped; the restart after it
    /// ends the crash that struck, a later one joins that incident too; another node is apart.
    @Test func aCrashOfANodeAlreadyDownIsNoIncidentAndItsRestartJoinsTheOneThatStruck() {
        var pairing = CrashPairing()
        let a = NodeID("a"), b = NodeID("b")
        let struck = [pairing.crash(a, incident: 0), pairing.crash(a, incident: 1), pairing.crash(b, incident: 1)]
        #expect(struck == [true, false, true])
        let first = pairing.restart(a)
        #expect(first == 0)
        let again = pairing.crash(a, incident: 2)
        #expect(again)
        // The node is down again: this restart ends crash 2, whichever crash it was drawn for;
        // the restart still owed to the swallowed crash then finds it up and joins incident 0.
        let joined = [pairing.restart(a), pairing.restart(a), pairing.restart(a), pairing.restart(b)]
        #expect(joined == [2, 0, nil, 1])
    }
}
