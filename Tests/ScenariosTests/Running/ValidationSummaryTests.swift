import Testing
@testable import Scenarios

/// `orrery validate`'s one line says what the file holds, never what a built-in default would:
/// an A-1 file with `requests: 1` was summed up as "10,000 requests over 3 replicas", and a world
/// of clients and servers without a balancer as "balancer".
struct ValidationSummaryTests {
    @Test func aWorldWithoutABalancerIsNotCalledOne() throws {
        let file = try ScenarioFile.load(bytes: Array("run: {duration: 1s}\nservers: [{name: s}]\nworkload: {type: open_loop, rate: 1}\n".utf8), file: "w.yaml")
        #expect(file.validationSummary == "scenario 'w': servers and clients (no balancer), 1 server, 0 expectations")
    }

    @Test func anExperimentsSummaryNamesNoParameterTheFileCanChange() throws {
        let file = try ScenarioFile.load(bytes: Array("experiment: a1\nseed: 1\nservers: 3\nrequests: 1\n".utf8), file: "a1.yaml")
        #expect(file.validationSummary == "experiment 'a1': random requests over the replicas of the assignment's consistent hash map, and why they pile up")
    }
}
