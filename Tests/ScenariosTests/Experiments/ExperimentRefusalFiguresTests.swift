import Foundation
import Testing
@testable import Scenarios

/// Counts in the experiment files' refusals read as the rest of Orrery writes them: grouped by
/// thousands, the noun singular for one ("do not fit in 1 slots", "got 10001" and
/// "10000000 per second" were refused so).
struct ExperimentRefusalFiguresTests {
    @Test func aMapOfOneSlotIsOneSlot() {
        #expect(experimentError("experiment: a1\nservers: 1000\nmap: {slots: 1}\n")?.description
            == "x.yaml:3:6: error: 1,000 servers × 1 virtual server do not fit in 1 slot (at map)")
    }

    @Test func theValueOutsideARangeIsGrouped() {
        #expect(experimentError("experiment: a2\nservers: [2, 10001]\n")?.description
            == "x.yaml:2:14: error: must be 1 … 1,000, got 10,001 (at servers.[1])")
    }

    @Test func aFailoverRateIsGrouped() {
        #expect(experimentError("experiment: a3\nservers: 3\nfailover: {rate: 10000000, duration: 2s, kill: Server 1, kill_at: 1s}\n")?.description
            == "x.yaml:3:18: error: the failover sends at most 10,000,000 requests; 10,000,000 per second for 2.000 s is more (at failover.rate)")
    }
}
