import Testing
@testable import Scenarios
@testable import Simulator

/// A-3's refusals that carry a ``PlacementError`` print its figures grouped like the rest of the
/// message (`10,000`, not `10000`); a hostname or a configuration's own reason is kept as written.
struct A3PlacementRefusalTests {
    @Test func aPlacementErrorInsideARefusalReadsGrouped() {
        let refusals: [(ReplicaSetRefusal, String)] = [
            (.placement(adding: 10_000, .probingExhausted(serverID: 12_345, virtualIndex: 7, homeSlot: 65_000, probes: 65_536)),
             "Cannot add 10,000 instances: no free slot for virtual server 7 of server 12,345: 65,536 probes from home slot 65,000 found none"),
            (.placement(adding: 1, .mapFull(slotCount: 1_048_576, occupied: 1_048_570, needed: 10_000)),
             "Cannot add 1 instance: the hash map is full: a server needs 10,000 free slots but only 6 of 1,048,576 are free"),
            (.placement(adding: 2, .duplicateNode(10_000)), "Cannot add 2 instances: node 10,000 is already placed"),
            (.placement(adding: 2, .unknownNode(25_000)), "Cannot add 2 instances: node 25,000 is not placed"),
            (.placement(adding: 3, .duplicateHostname("S-10000")), "Cannot add 3 instances: hostname \"S-10000\" is already in use"),
            (.placement(adding: 3, .invalidConfiguration(reason: "server count -1 must not be negative")),
             "Cannot add 3 instances: invalid configuration: server count -1 must not be negative"),
        ]
        for (refusal, message) in refusals { #expect(refusal.message == message) }
        #expect(ReplicaSetRefusal.placement(adding: 10_000, .duplicateNode(10_000)).reply
            == BalancerReply(status: 400, body: #"{"message": "<Error> Cannot add 10,000 instances: node 10,000 is already placed", "status": "failure"}"#))
    }
}
