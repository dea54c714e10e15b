import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A finished world frees everything it built once torn down: no task stays suspended and no
/// model keeps another alive. A sweep runs thousands of worlds in one process; before this held, a
/// MapReduce world over a log kept its log's records, its workers and its coordinator (4 MB a
/// world) through its workers' heartbeat tasks and the workers' shared directory.
struct WorldTearDownTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func scenario(_ file: String) throws -> Scenario {
        let loaded = try ScenarioFile.load(path: root.appendingPathComponent("scenarios/\(file)").path)
        guard case .world(let scenario) = loaded else {
            Issue.record("\(file) is not a world")
            throw CancellationError()
        }
        return scenario
    }

    /// Weak references to a world's models, taken after its teardown.
    struct Survivors {
        weak var simulation: Simulation?
        weak var network: Network?
        weak var log: PartitionedLog?
        weak var coordinator: MapReduce.Coordinator?
        weak var worker: MapReduce.Worker?
        weak var balancer: LoadBalancer?
        weak var server: ServerReplica?
        var liveTasks: [String] = []

        var alive: [String] {
            [("simulation", simulation != nil), ("network", network != nil), ("log", log != nil), ("coordinator", coordinator != nil),
             ("worker", worker != nil), ("balancer", balancer != nil), ("server", server != nil)].filter(\.1).map(\.0)
        }
    }

    static func runAndTearDown(_ scenario: Scenario) -> (Survivors, RunResult) {
        var survivors = Survivors()
        let result: RunResult
        do {
            let world = World(scenario, seed: scenario.seed, traceSink: nil)
            let failure = world.run()
            result = world.result(failure: failure, replayCommand: "test")
            world.simulation.tearDown()
            survivors.liveTasks = world.simulation.liveTaskNames
            survivors.simulation = world.simulation
            survivors.network = world.network
            survivors.log = world.cluster?.log
            survivors.coordinator = world.cluster?.coordinator
            survivors.worker = world.cluster?.workers.first
            survivors.balancer = world.balancer
            survivors.server = world.servers.first
        }
        return (survivors, result)
    }

    /// The balanced worlds route their requests in ready steps (`BalancedRequest`) and on tasks
    /// (`deploy.yaml`'s health checks and deployment): neither keeps the world alive. Nor do
    /// open-loop arrivals (`strategies.yaml`), which wait for each arrival on a timer.
    @Test(arguments: ["mapreduce-log-chaos.yaml", "mapreduce-wordcount.yaml", "crash-and-restart.yaml", "seed-004-web-platform.yaml", "seed-003-least-conn.yaml", "deploy.yaml",
                      "strategies.yaml"])
    func aTornDownWorldLeavesNothingAlive(file: String) throws {
        let (survivors, _) = Self.runAndTearDown(try Self.scenario(file))
        #expect(survivors.liveTasks == [])
        #expect(survivors.alive == [])
    }

    /// Winding down runs the world on outside any run: its digest and event count stay as the run left them.
    @Test func tearingDownChangesNoFigureOfTheRun() throws {
        let scenario = try Self.scenario("mapreduce-log-chaos.yaml")
        let world = World(scenario, seed: scenario.seed, traceSink: nil)
        _ = world.run()
        let digest = world.simulation.trace.digestHex, events = world.simulation.executor.eventsProcessed
        let traced = world.simulation.trace.eventCount
        world.simulation.tearDown()
        #expect(world.simulation.trace.digestHex == digest)
        #expect(world.simulation.trace.eventCount == traced)
        #expect(world.simulation.executor.eventsProcessed == events)
        #expect(world.simulation.isTornDown)
    }
}
