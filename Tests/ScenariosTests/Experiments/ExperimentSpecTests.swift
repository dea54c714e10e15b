import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The experiment an experiment file's `text` describes.
func parseExperiment(_ text: String, file: String = "x.yaml") throws(ScenarioError) -> any ExperimentFile {
    try ExperimentRegistry.load(ScenarioDocument.parse(text, file: file))
}

func experimentError(_ text: String) -> ScenarioError? {
    do {
        _ = try parseExperiment(text)
        return nil
    } catch {
        return error
    }
}

let scenarioDirectory = packageRoot.appendingPathComponent("scenarios").path

struct ExperimentSpecTests {
    @Test(arguments: ExperimentRegistry.names)
    func everyExperimentLoadsFromItsCommittedFiles(name: String) throws {
        let registered = try #require(ExperimentRegistry.named(name))
        #expect(registered.name == name)
        #expect(!registered.summary.isEmpty)
        #expect(!registered.files.isEmpty)
        let experiment = try registered.load(from: scenarioDirectory)
        if let file = experiment as? any ExperimentFile {
            #expect(file.file.hasSuffix("scenarios/\(name).yaml"))
            // `orrery run` reaches the same experiment through the file alone.
            guard case .experiment(let viaRun, let reportName) = try ScenarioFile.load(path: file.file) else { Issue.record("not an experiment"); return }
            #expect(type(of: viaRun).name == name)
            #expect(reportName == name)
        }
    }

    @Test func theRegistryListsEveryExperimentOnceInOrder() {
        #expect(ExperimentRegistry.names == ["a1", "a2", "a3", "a4", "mapreduce", "backup", "claims", "strategies", "deploy", "queue", "keepalive", "zones"])
    }

    @Test func anExperimentLoadedFromAnotherExperimentsFileIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-registry-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The key on line 2: the refusal points at its value, not at 1:1 (every swap read 1:1).
        try "servers: 3\nexperiment: a1\n".write(to: directory.appendingPathComponent("a2.yaml"), atomically: true, encoding: .utf8)
        #expect(throws: ScenarioError.self) { try A2Experiment.load(from: directory.path) }
        do { _ = try A2Experiment.load(from: directory.path) } catch {
            #expect(error.description == "\(directory.path)/a2.yaml:2:13: error: the file describes experiment 'a1', not 'a2' (at experiment)")
        }
    }

    @Test func a1UsesTheAssignmentDefaults() throws {
        let spec = try A1Experiment.load(from: scenarioDirectory).spec
        #expect(spec.requests == 10_000)
        #expect(spec.serverCounts == [3])
        #expect(spec.variants == [.init(label: "default", placement: .assignment(.assignment))])
    }

    @Test func a4ComparesEightPlacements() throws {
        let spec = try A4Experiment.load(from: scenarioDirectory).spec
        #expect(spec.variants.map(\.label) == ["default H, Φ", "modified polynomials", "MurmurHash3 H, Φ", "ring, 160 vnodes", "jump", "Maglev", "rendezvous", "bounded loads"])
        #expect(spec.variants[1].placement == .assignment(.init(requestHash: .polynomial(iSquared: 37, i: 11, constant: 3),
                                                                 virtualServerHash: .polynomial(iSquared: 13, i: 101, jSquared: 7, j: 61, constant: 5))))
        #expect(spec.variants[7].placement == .boundedLoads(epsilon: 0.25, virtualNodes: 160))
    }

    @Test func anUnknownExperimentIsNamed() {
        #expect(experimentError("experiment: a5\nservers: 3\n")?.description == "x.yaml:1:13: error: unknown experiment 'a5'; an experiment file describes one of a1, a2, a3, a4, mapreduce, backup, queue (at experiment)")
    }

    @Test func anUnknownPlacementGetsASuggestion() {
        #expect(experimentError("experiment: a1\nservers: 3\nplacement: rendevous\n")?.description == "x.yaml:3:12: error: unknown placement 'rendevous'; did you mean 'rendezvous'? (at placement)")
    }

    @Test func aMaglevTableMustBePrime() {
        #expect(experimentError("experiment: a1\nservers: 3\nplacement: {maglev: {table_size: 65536}}\n")?.message == "a Maglev table size must be prime, got 65536")
    }

    @Test func aBoundedLoadsEpsilonIsAtMostAHundred() {
        #expect(experimentError("experiment: a1\nservers: 3\nplacement: {bounded_loads: {epsilon: 1e308}}\n")?.description
            == "x.yaml:3:38: error: must be 0 … 100, got 1e308 (at placement.bounded_loads.epsilon)")
        #expect(experimentError("experiment: a1\nservers: 3\nplacement: {bounded_loads: {epsilon: 100}}\n") == nil)
    }

    /// A-3's failover is sized before it runs: at most 10,000,000 requests, spans of at most an
    /// hour, heartbeats at least a millisecond apart.
    @Test(arguments: [
        ("rate: 1e6, duration: 20s", "x.yaml:3:18: error: the failover sends at most 10,000,000 requests; 1,000,000 per second for 20.000 s is more (at failover.rate)"),
        ("rate: 1e308, duration: 5s", "x.yaml:3:18: error: a rate is at most 10,000,000 per second, got 1e308 (at failover.rate)"),
        ("rate: 10, duration: 3155760000s", "x.yaml:3:32: error: at most 1h in a failover, got 3155760000s (at failover.duration)"),
        ("rate: 10, duration: 5s, client_timeout: 3155760000s", "x.yaml:3:52: error: at most 1h in a failover, got 3155760000s (at failover.client_timeout)"),
        ("rate: 10, duration: 5s, heartbeat_interval: 1ns", "x.yaml:3:56: error: must be at least 1ms, got 1ns (at failover.heartbeat_interval)"),
    ])
    func anA3FailoverTooLargeToRunIsRefused(_ settings: String, _ expected: String) {
        let text = "experiment: a3\nservers: 3\nfailover: {\(settings), kill: Server 1, kill_at: 1s}\n"
        #expect(experimentError(text)?.description == expected)
    }

    @Test func aMapTooSmallForTheServersIsRejected() {
        #expect(experimentError("experiment: a2\nservers: [2, 60]\n")?.message == "60 servers × 9 virtual servers do not fit in 512 slots")
    }

    /// Building a placement one server at a time costs what it rebuilds at every add: 1,000
    /// servers on a ring of 10,000 virtual nodes each, or into a map of 2²⁰ slots, ran for minutes.
    @Test(arguments: [
        ("servers: 1000\nmap: {slots: 1048576, virtual_servers: 1024}",
         "x.yaml:3:6: error: building this placement for 1,000 servers, one at a time, takes about 1,050,000,000 steps, more than the 268,435,456 a run may take; use fewer servers or fewer slots (at map)"),
        ("servers: 1000\nplacement: {ring: {virtual_nodes: 10000}}",
         "x.yaml:3:12: error: building this placement for 1,000 servers, one at a time, takes about 10,000,000,000 steps, more than the 268,435,456 a run may take; use fewer servers or fewer virtual_nodes (at placement)"),
        // Summed over the counts an A-2 runs (A-1 runs one).
        ("experiment: a2\nservers: [50, 100]\nplacement: {maglev: {table_size: 1000003}}",
         "x.yaml:3:12: error: building this placement for 100 servers, one at a time, takes about 1,500,000,000 steps, more than the 268,435,456 a run may take; use fewer servers or a smaller table_size (at placement)"),
        ("servers: 1000\nvariants: [{name: wide, placement: {bounded_loads: {epsilon: 0.25, virtual_nodes: 10000}}}]",
         "x.yaml:3:36: error: variant 'wide': building this placement for 1,000 servers, one at a time, takes about 10,000,000,000 steps, more than the 268,435,456 a run may take; use fewer servers or fewer virtual_nodes (at variants.[0].placement)"),
    ])
    func aPlacementTooCostlyToBuildIsRefused(_ settings: String, _ expected: String) {
        #expect(experimentError((settings.hasPrefix("experiment:") ? "" : "experiment: a1\n") + settings + "\n")?.description == expected)
    }

    /// A placement experiment's requests are all in flight at once (~1.4 KB each): at most a
    /// million a run, five million over its server counts and variants.
    @Test func anExperimentSendingTooManyRequestsIsRefused() {
        #expect(experimentError("experiment: a1\nservers: 3\nrequests: 1000001\n")?.description
            == "x.yaml:3:11: error: must be 1 … 1,000,000, got 1,000,001 (at requests)")
        let counts = (1...1_000).map(String.init).joined(separator: ", ")
        #expect(experimentError("experiment: a2\nservers: [\(counts)]\nrequests: 1000000\nplacement: jump\n")?.description
            == "x.yaml:3:11: error: 1000 server counts × 1 variant × 1 × 10⁶ requests send 1 × 10⁹ requests, more than the 5 × 10⁶ an experiment may send; use fewer requests, server counts or variants (at requests)")
        #expect(experimentError("experiment: a2\nservers: [2, 3, 4, 5, 6]\nrequests: 1000000\n") == nil)
    }

    /// A-4 measures key movement over the 900,000 six-digit ids for every variant (rendezvous
    /// compares every server for each): a thousand variants, or rendezvous over 1,000 servers,
    /// are refused with the variants' list.
    @Test func a4sVariantsAreBoundedTogether() {
        let many = (1...1_000).map { "{name: v\($0), placement: jump}" }.joined(separator: ", ")
        #expect(experimentError("experiment: a4\nservers: [2, 3]\nvariants: [\(many)]\n")?.description
            == "x.yaml:3:11: error: building and measuring these 1000 variants takes about 10,800,000,000 steps, more than the 268,435,456 a run may take; use fewer variants or servers (at variants)")
        #expect(experimentError("experiment: a4\nservers: [1000]\nvariants: [{name: r, placement: rendezvous}]\n")?.description
            == "x.yaml:3:11: error: building and measuring this variant takes about 600,000,000 steps, more than the 268,435,456 a run may take; use fewer variants or servers (at variants)")
        #expect(experimentError("experiment: a4\nservers: [100]\nvariants: [{name: r, placement: rendezvous}, {name: j, placement: jump}]\n") == nil)
    }

    /// A-3's operations run one after another within a minute of virtual time: 16,384 routes did
    /// not fit and trapped; 1,000 adds of 10,000 replicas ran on.
    @Test func a3sOperationsAreBounded() {
        let failover = "failover: {rate: 10, duration: 5s, kill: Server 1, kill_at: 1s}\n"
        let routes = Array(repeating: "rep", count: 10_001).joined(separator: ", ")
        #expect(experimentError("experiment: a3\nservers: 3\noperations: [\(routes)]\n" + failover)?.description
            == "x.yaml:3:13: error: at most 10,000 operations, got 10,001 (at operations)")
        let adds = Array(repeating: "{add: {n: 10000}}", count: 11).joined(separator: ", ")
        #expect(experimentError("experiment: a3\nservers: 3\noperations: [\(adds)]\n" + failover)?.description
            == "x.yaml:3:214: error: the operations add or remove at most 100,000 replicas in all, and this one brings them to 110,000 (at operations.[10].add.n)")
        #expect(experimentError("experiment: a3\nservers: 3\noperations: [{add: {n: 10000}}, {rm: {n: 10000}}, rep]\n" + failover) == nil)
    }

    @Test func a3KillsAReplicaItHas() {
        #expect(experimentError("experiment: a3\nservers: 3\nfailover: {rate: 10, duration: 5s, kill: Server 99, kill_at: 1s}\n")?.description
            == "x.yaml:3:42: error: the failover kills one of the 3 replicas it starts with (Server 1 … Server 3), not 'Server 99' (at failover.kill)")
        #expect(experimentError("experiment: a3\nservers: 3\nfailover: {rate: 10, duration: 5s, kill: Server 3, kill_at: 1s}\n") == nil)
    }

    @Test func placementsWithinTheSetupBudgetLoad() {
        #expect(experimentError("experiment: a1\nservers: 1000\nplacement: {ring: {virtual_nodes: 100}}\n") == nil)
        #expect(experimentError("experiment: a1\nservers: 1000\nmap: {slots: 131072, virtual_servers: 9}\n") == nil)
        #expect(experimentError("experiment: a2\nservers: [5, 10]\nplacement: {maglev: {table_size: 1000003}}\n") == nil)
    }

    @Test func anUnknownHashNameListsTheValidOnes() {
        let error = experimentError("experiment: a1\nservers: 3\nmap: {request_hash: md5}\n")
        #expect(error?.line == 3)
        #expect(error?.message.contains("md5") == true)
        #expect(error?.message.contains("assignment, murmur3, fnv1a") == true)
    }

    @Test func theKillMustHappenDuringTraffic() {
        let text = "experiment: a3\nservers: 3\nfailover: {rate: 10, duration: 5s, kill: Server 1, kill_at: 6s}\n"
        #expect(experimentError(text)?.message == "the kill must happen before traffic ends at 5.000 s")
    }

    @Test func a3WithoutItsFailoverIsAnErrorAtTheTopNotACrash() {
        let error = experimentError("experiment: a3\nservers: 3\n")
        #expect(error?.kind == .missingKey("failover"))
        #expect(error?.line == 1)
    }
}
