import Foundation
import Testing
@testable import Scenarios

/// Settings of a placement experiment that validated and ran but were never read are refused where
/// they are written (an outside checker's reproducers): A-1 ran only the first of `servers: [5, 3]`
/// and of two variants, A-3 started with the first of `[4, 3]` replicas and sent 479 requests under
/// `requests: 7`; a count or a variant name listed twice gave tables of indistinguishable rows and
/// "the most even is **a** … the least even is **a**"; and a file with no variants was told of a
/// variant 'default' it never wrote.
struct PlacementSettingsThatWouldNotRunTests {
    static let failover = "operations: [rep]\nfailover: {rate: 100, duration: 5s, kill: Server 2, kill_at: 1s}\n"

    @Test func aSecondServerCountIsRefusedWhereOnlyOneRuns() {
        #expect(experimentError("experiment: a1\nseed: 3\nservers: [5, 3]\n")?.description
            == "x.yaml:3:14: error: A-1 runs one server count, so this second one would never run; write one count, or compare counts in an a2 or a4 file (at servers.[1])")
        #expect(experimentError("experiment: a3\nseed: 3\nservers: [4, 3]\n" + Self.failover)?.description
            == "x.yaml:3:14: error: A-3 runs one server count, so this second one would never run; write one count, or compare counts in an a2 or a4 file (at servers.[1])")
        #expect(experimentError("experiment: a1\nservers: [5]\n") == nil)
        #expect(experimentError("experiment: a2\nservers: [5, 3]\n") == nil)
    }

    @Test func aSecondVariantIsRefusedOutsideA4() {
        let variants = "variants:\n  - {name: x, placement: jump}\n  - {name: y, placement: rendezvous}\n"
        for (name, more) in [("1", ""), ("2", ""), ("3", Self.failover)] {
            #expect(experimentError("experiment: a\(name)\nseed: 3\nservers: 3\n" + variants + more)?.description
                == "x.yaml:6:5: error: A-\(name) runs one placement, so this second variant would never run; compare placements in an a4 file (at variants.[1])")
        }
        #expect(experimentError("experiment: a1\nservers: 3\nvariants: [{name: x, placement: jump}]\n") == nil)
        #expect(experimentError("experiment: a4\nservers: [2, 3]\n" + variants) == nil)
    }

    @Test func a3sRequestsAreRefusedAtTheKey() {
        #expect(experimentError("experiment: a3\nseed: 3\nservers: 3\nrequests: 7\n" + Self.failover)?.description
            == "x.yaml:4:1: error: A-3 does not read 'requests': its traffic is the failover's rate × duration (and its operations' routes); remove it")
    }

    @Test func aCountOrAVariantNameListedTwiceIsRefusedAtTheSecond() {
        #expect(experimentError("experiment: a2\nseed: 1\nservers: [2, 2, 3]\n")?.description
            == "x.yaml:3:14: error: server count 2 is listed twice; list each count once (a second run would repeat its rows in every table) (at servers.[1])")
        #expect(experimentError("experiment: a4\nseed: 3\nservers: [2, 3]\nvariants:\n  - {name: a, placement: jump}\n  - {name: a, placement: rendezvous}\n")?.description
            == "x.yaml:6:12: error: variant 'a' is listed twice; give each variant its own name: the report's tables and files tell the variants apart by it (at variants.[1].name)")
    }

    @Test func aFileWithoutVariantsIsToldOfNone() {
        #expect(experimentError("experiment: a1\nseed: 2024\nservers: 3\nmap:\n  slots: 26\n  virtual_servers: 9\n")?.description
            == "x.yaml:5:3: error: 3 servers × 9 virtual servers do not fit in 26 slots (at map)")
        // K defaults to ⌊log₂ M⌋: 2 for 4 slots.
        #expect(experimentError("experiment: a4\nservers: [3]\nvariants: [{name: v, map: {slots: 4}}]\n")?.description
            == "x.yaml:3:27: error: variant 'v': 3 servers × 2 virtual servers do not fit in 4 slots (at variants.[0].map)")
    }
}
