import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func experimentError(_ text: String) -> ScenarioError? {
    do {
        _ = try ScenarioLoader.parseExperiment(text, file: "x.yaml")
        return nil
    } catch {
        return error
    }
}

@Suite struct ExperimentSpecTests {
    @Test(arguments: ExperimentSpec.names)
    func theCommittedExperimentFilesLoad(name: String) throws {
        let spec = try ScenarioLoader.loadExperiment(path: packageRoot.appendingPathComponent("scenarios/\(name).yaml").path)
        #expect(spec.name == name)
        #expect(spec.requests == 10_000 || ["a3", "mapreduce", "backup"].contains(name))
    }

    @Test func a1UsesTheAssignmentDefaults() throws {
        let spec = try ScenarioLoader.loadExperiment(path: packageRoot.appendingPathComponent("scenarios/a1.yaml").path)
        #expect(spec.serverCounts == [3])
        #expect(spec.variants == [.init(label: "default", placement: .assignment(.assignment))])
    }

    @Test func a4ComparesEightPlacements() throws {
        let spec = try ScenarioLoader.loadExperiment(path: packageRoot.appendingPathComponent("scenarios/a4.yaml").path)
        #expect(spec.variants.map(\.label) == ["default H, Φ", "modified polynomials", "MurmurHash3 H, Φ", "ring, 160 vnodes", "jump", "Maglev", "rendezvous", "bounded loads"])
        #expect(spec.variants[1].placement == .assignment(.init(requestHash: .polynomial(iSquared: 37, i: 11, constant: 3),
                                                                 virtualServerHash: .polynomial(iSquared: 13, i: 101, jSquared: 7, j: 61, constant: 5))))
        #expect(spec.variants[7].placement == .boundedLoads(epsilon: 0.25, virtualNodes: 160))
    }

    @Test func anUnknownExperimentIsNamed() {
        #expect(experimentError("experiment: a5\nservers: 3\n")?.description == "x.yaml:1:13: error: unknown experiment 'a5'; expected one of a1, a2, a3, a4, mapreduce, backup (at experiment)")
    }

    @Test func anUnknownPlacementGetsASuggestion() {
        #expect(experimentError("experiment: a1\nservers: 3\nplacement: rendevous\n")?.description == "x.yaml:3:12: error: unknown placement 'rendevous'; did you mean 'rendezvous'? (at placement)")
    }

    @Test func aMaglevTableMustBePrime() {
        #expect(experimentError("experiment: a1\nservers: 3\nplacement: {maglev: {table_size: 65536}}\n")?.message == "a Maglev table size must be prime, got 65536")
    }

    @Test func aMapTooSmallForTheServersIsRejected() {
        #expect(experimentError("experiment: a2\nservers: [2, 60]\n")?.message == "variant 'default': 60 servers × 9 virtual servers do not fit in 512 slots")
    }

    @Test func anUnknownHashNameListsTheValidOnes() {
        let error = experimentError("experiment: a1\nservers: 3\nmap: {request_hash: md5}\n")
        #expect(error?.line == 3)
        #expect(error?.message.contains("md5") == true)
        #expect(error?.message.contains("assignment, murmur3, fnv1a") == true)
    }

    @Test func theKillMustHappenDuringTraffic() {
        let text = "experiment: a3\nservers: 3\nfailover: {rate: 10, duration: 5s, kill: Server 1, kill_at: 6s}\n"
        #expect(experimentError(text)?.message == "the kill must happen before traffic ends at 5.000s")
    }

    @Test func anUnknownExperimentNameOnTheCommandLineIsBadInput() {
        var messages: [String] = []
        let status = ExperimentJob(names: ["a9"], scenarioDirectory: packageRoot.appendingPathComponent("scenarios").path, outputDirectory: "/tmp/orrery-never-written")
            .execute(output: { messages.append($0) }, errors: { messages.append($0) })
        #expect(status == .badInput)
        #expect(messages == ["error: unknown experiment 'a9'; expected one of a1, a2, a3, a4, mapreduce, backup, claims, strategies, all"])
        #expect(!FileManager.default.fileExists(atPath: "/tmp/orrery-never-written"))
    }
}
