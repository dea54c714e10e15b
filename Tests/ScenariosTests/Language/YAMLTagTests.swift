import Foundation
import Testing
@testable import Scenarios

/// The loader reads every value from its text, so a YAML tag it cannot honour is refused where it
/// is, not silently ignored (`!!float 5` was read as the integer 5, `!!python/object` as nothing).
struct YAMLTagTests {
    @Test(arguments: [
        ("servers: [{name: s, slots: !!int 2}]", "h.yaml:3:28: error: YAML tags are not read here: write the value without '!!int' (at servers.[0].slots)"),
        ("servers: [{name: s, service_time: !!float 1}]", "h.yaml:3:35: error: YAML tags are not read here: write the value without '!!float' (at servers.[0].service_time)"),
        ("servers: !custom [{name: s}]", "h.yaml:3:10: error: YAML tags are not read here: write the value without '!custom' (at servers)"),
        ("servers: [!!python/object:os.system {name: s}]", "h.yaml:3:11: error: YAML tags are not read here: write the value without '!!python/object:os.system' (at servers.[0])"),
        ("servers: [{!!binary bmFtZQ==: s}]", "h.yaml:3:12: error: YAML tags are not read here: write the value without '!!binary' (at servers.[0])"),
        ("servers: !!set {s: ~}", "h.yaml:3:10: error: YAML tags are not read here: write the value without '!!set' (at servers)"),
    ])
    func aTagIsRefusedWhereItIs(servers: String, message: String) {
        let text = HostileInputTests.traffic.replacingOccurrences(of: "servers: [{name: s}]", with: servers)
        #expect(HostileInputTests.error(text) == message)
    }

    /// `!!str`, `!!map`, `!!seq` and `!` are what an untagged node already is.
    @Test func aNodesOwnTagIsAccepted() throws {
        let text = "!!map\nseed: 1\nrun: !!map {requests: 10}\nservers: !!seq [{name: !!str s, slots: ! 2}]\nworkload: {type: closed_loop, users: 1}\n"
        #expect(HostileInputTests.error(text) == nil)
    }
}
