import Foundation
import Testing
@testable import Scenarios

/// A new replica takes the id after the largest a current one has, as README says: after `rm` of
/// `Server 3` the next `add` gets id 3 again, and with it Server 3's slots and `/home` answer;
/// after `rm` of `Server 2` it gets 4. (An outside checker assumed fresh ids from "starts a fresh
/// one"; the comment called it "the next free id".)
struct A3ReplicaIdReuseTests {
    /// The `/home` answers to `ids` after removing `removed` of three replicas and adding `X`.
    static func homeAfterReplacing(_ removed: String, ids: [Int] = [100007]) throws -> [String] {
        let routes = ids.map { "  - route: {path: /home, request_id: \($0)}\n" }.joined()
        let yaml = "experiment: a3\nseed: 2024\nservers: 3\noperations:\n" + routes
            + "  - rm: {n: 1, hostnames: [\(removed)]}\n  - add: {n: 1, hostnames: [X]}\n" + routes
            + "failover: {rate: 10, duration: 5s, kill: Server 1, kill_at: 1s}\n"
        let experiment = try #require(try parseExperiment(yaml) as? A3Experiment)
        return try A3Experiment.runOperations(experiment.spec, experiment.operations).filter { $0.operation == "/home" }.map(\.body)
    }

    static func hello(_ id: Int) -> String { "{\"message\": \"Hello from Server: \(id)\", \"status\": \"successful\"}" }

    @Test func anAddAfterRemovingTheLargestIdTakesItAgain() throws {
        #expect(try Self.homeAfterReplacing("Server 3") == [Self.hello(3), Self.hello(3)])
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("takes the id after the largest a current replica has,\nnot the smallest unused one, so ids of removed replicas are given again"))
    }

    /// Ids {1, 3} give 4: request 139013 (Server 2's before) goes to X as Server 4.
    @Test func anAddAfterRemovingAnotherIdTakesTheNextAboveTheLargest() throws {
        #expect(try Self.homeAfterReplacing("Server 2", ids: [139013]) == [Self.hello(2), Self.hello(4)])
    }
}
