import Foundation
import Testing
@testable import Simulator

/// The swarm: 200 seeds, each a different plan of 500s, 503s, storms, pauses, partitions and a
/// crash of the store, with clients retrying; the invariants of ``ObjectStoreChaosRun`` must hold
/// for every one.
@Suite("Object store swarm: no acknowledged write lost, restores byte-identical, under chaos")
struct ObjectStoreSwarmTests {
    static let seeds: [UInt64] = Array(1...200)

    @Test(arguments: seeds)
    func everyInvariantHoldsUnderChaos(seed: UInt64) {
        let violations = ObjectStoreChaosRun.violations(seed: seed)
        #expect(violations.isEmpty, "\(Self.report(seed: seed, violations))")
    }

    /// Replays one seed given in `ORRERY_SWARM_SEED` (see the failure messages); does nothing otherwise.
    @Test func replaysTheSeedInTheEnvironment() {
        guard let text = ProcessInfo.processInfo.environment["ORRERY_SWARM_SEED"], let seed = UInt64(text) else { return }
        let violations = ObjectStoreChaosRun.violations(seed: seed)
        #expect(violations.isEmpty, "\(Self.report(seed: seed, violations))")
    }

    @Test func aSeedReplaysExactly() {
        let first = ChaosPlan(seed: 17), second = ChaosPlan(seed: 17)
        #expect(first.faults == second.faults)
        #expect(first.store == second.store)
        #expect(ChaosPlan(seed: 18).faults != first.faults)
    }

    static func report(seed: UInt64, _ violations: [String]) -> String {
        "seed \(seed): \(violations.count) invariant(s) broken:\n  " + violations.joined(separator: "\n  ")
            + "\nreplay: ORRERY_SWARM_SEED=\(seed) swift test --filter ObjectStoreSwarmTests/replaysTheSeedInTheEnvironment"
    }
}
