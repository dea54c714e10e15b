import Testing
@testable import Simulator

struct LoadBalancerOperationTests {
    @Test func repAnswersTheReplicaListInTheOriginalShape() {
        let fixture = BalancerFixture()
        let reply = fixture.run { await fixture.balancer.rep() }
        #expect(reply == BalancerReply(status: 200, body: #"{"message": {"N": 3, "replicas": ["Server 1", "Server 2", "Server 3"]}, "status": "successful"}"#))
    }

    @Test func addWithNamedHostnamesAppendsThemInOrder() {
        let fixture = BalancerFixture()
        let reply = fixture.run { try! await fixture.balancer.add(n: 4, hostnames: ["S5", "S4", "S10", "S11"]) }
        #expect(reply == BalancerReply(status: 200, body: #"{"message": {"N": 7, "replicas": ["Server 1", "Server 2", "Server 3", "S5", "S4", "S10", "S11"]}, "status": "successful"}"#))
    }

    @Test func addWithFewerHostnamesDrawsTheRestFromTheSeededStream() {
        let names = [UInt64(11), 11, 12].map { seed in
            let fixture = BalancerFixture(seed: seed)
            _ = fixture.run { try! await fixture.balancer.add(n: 3, hostnames: ["S5"]) }
            return fixture.run { await fixture.balancer.hostnames }
        }
        #expect(names[0].count == 6)
        #expect(names[0][3] == "S5")
        #expect(names[0][4].hasPrefix("S-") && names[0][5].hasPrefix("S-") && names[0][4] != names[0][5])
        #expect(names[0] == names[1], "the same seed draws the same hostnames")
        #expect(names[0] != names[2], "another seed draws other hostnames")
    }

    /// Each refusal's figures, typed: the Simulator has no formatting, so the experiment words
    /// them (`ReplicaSetRefusal.message` in Scenarios, with its figures grouped).
    static let badAdds: [(n: Int, hostnames: [String], refusal: ReplicaSetRefusal)] = [
        (2, ["S5", "S4", "S10"], .moreHostnamesThanAdded),
        (0, [], .nonPositiveAdd(n: 0)),
        (-1, [], .nonPositiveAdd(n: -1)),
        (2, ["S5", "S5"], .repeatedHostname("S5")),
        (1, ["Server 2"], .alreadyReplica("Server 2")),
        (1, ["balancer"], .invalidHostname("balancer")),
        // The whole add against the slots free before it (the trial copy stops after 53 servers).
        (54, [], .mapFull(adding: 54, slotsEach: 9, freeBefore: 485, slotCount: 512)),
        (10_000, [], .mapFull(adding: 10_000, slotsEach: 9, freeBefore: 485, slotCount: 512)),
    ]

    @Test(arguments: badAdds.indices)
    func aBadAddIsRefusedWithItsFiguresAndChangesNothing(index: Int) {
        let bad = Self.badAdds[index]
        let fixture = BalancerFixture()
        let refusal = fixture.run { () async -> ReplicaSetRefusal? in
            do throws(ReplicaSetRefusal) { _ = try await fixture.balancer.add(n: bad.n, hostnames: bad.hostnames); return nil } catch { return error }
        }
        #expect(refusal == bad.refusal)
        #expect(fixture.run { await fixture.balancer.hostnames } == ["Server 1", "Server 2", "Server 3"])
        #expect(fixture.run { await fixture.balancer.route(Request(id: 1, key: 100_000, client: "client")).status } == 200)
    }

    @Test func rmRemovesTheNamedReplicasAndRandomOthers() {
        let fixture = BalancerFixture(servers: 5)
        _ = fixture.run { try! await fixture.balancer.add(n: 2, hostnames: ["S5", "S4"]) }
        let reply = fixture.run { try! await fixture.balancer.rm(n: 3, hostnames: ["S5", "S4"]) }
        let left = fixture.run { await fixture.balancer.hostnames }
        #expect(reply.status == 200)
        #expect(left.count == 4)
        #expect(!left.contains("S5") && !left.contains("S4"))
        #expect(Set(left).isSubset(of: ["Server 1", "Server 2", "Server 3", "Server 4", "Server 5"]))
        #expect(reply.body == AssignmentJSON.replicas(left))
    }

    static let badRemoves: [(n: Int, hostnames: [String], refusal: ReplicaSetRefusal)] = [
        (1, ["Server 1", "Server 2"], .moreHostnamesThanRemoved),
        (0, [], .nonPositiveRemove(n: 0)),
        (4, [], .tooFewReplicas(removing: 4, existing: 3)),
        (1, ["S9"], .notAReplica("S9")),
        (2, ["Server 1", "Server 1"], .repeatedHostname("Server 1")),
    ]

    @Test(arguments: badRemoves.indices)
    func aBadRmIsRefusedWithItsFiguresAndChangesNothing(index: Int) {
        let bad = Self.badRemoves[index]
        let fixture = BalancerFixture()
        let refusal = fixture.run { () async -> ReplicaSetRefusal? in
            do throws(ReplicaSetRefusal) { _ = try await fixture.balancer.rm(n: bad.n, hostnames: bad.hostnames); return nil } catch { return error }
        }
        #expect(refusal == bad.refusal)
        #expect(fixture.run { await fixture.balancer.hostnames } == ["Server 1", "Server 2", "Server 3"])
    }

    @Test func homeIsRoutedByTheMapAndAnsweredByTheReplica() {
        let fixture = BalancerFixture()
        // H(100000) = 100001² + 16 ≡ 17 (mod 512): the first virtual server clockwise is server 1's at slot 26.
        let response = fixture.run { await fixture.balancer.route(Request(id: 1, key: 100_000, client: "client")) }
        #expect(response.status == 200)
        #expect(response.body == #"{"message": "Hello from Server: 1", "status": "successful"}"#)
        #expect(response.server == "Server 1")
    }

    @Test func aPathTheReplicasDoNotServeIsTheAssignmentsError() {
        let fixture = BalancerFixture()
        let response = fixture.run { await fixture.balancer.route(Request(id: 1, path: "other", key: 100_000, client: "client")) }
        #expect(response.status == 400)
        #expect(response.body == #"{"message": "<Error> '/other' endpoint does not exist in server replicas", "status": "failure"}"#)
    }
}
