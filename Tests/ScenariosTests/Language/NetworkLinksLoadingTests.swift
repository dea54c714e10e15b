import Testing
@testable import Scenarios

/// `network.links` entries are checked where they are written: an unknown node at its value (it
/// was reported at 1:1), and one entry per direction (a second silently replaced the first).
struct NetworkLinksLoadingTests {
    static func file(_ links: String) -> String {
        HostileInputTests.traffic + "network:\n  links:\n" + links
    }

    @Test func anUnknownNodeIsReportedAtItsValue() {
        #expect(HostileInputTests.error(Self.file("    - {from: s, to: nosuch, latency: 1ms}\n"))
            == "h.yaml:7:21: error: network.links names unknown node 'nosuch' in 'to' (at network.links.[0].to)")
        #expect(HostileInputTests.error(Self.file("    - {from: s, to: client}\n    - {from: ghost, to: s}\n"))
            == "h.yaml:8:14: error: network.links names unknown node 'ghost' in 'from' (at network.links.[1].from)")
    }

    @Test func aDirectionIsGivenOnce() {
        #expect(HostileInputTests.error(Self.file("    - {from: s, to: client, latency: 1ms}\n    - {from: s, to: client, latency: 2ms}\n"))
            == "h.yaml:8:7: error: the link from 's' to 'client' is given twice (entries 1 and 2); one entry per direction (at network.links.[1])")
        // The two directions of one pair are two links.
        #expect(HostileInputTests.error(Self.file("    - {from: s, to: client, latency: 1ms}\n    - {from: client, to: s, latency: 2ms}\n")) == nil)
    }
}
