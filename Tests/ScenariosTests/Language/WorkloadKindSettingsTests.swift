import Testing
@testable import Scenarios

/// A workload reads only its type's settings: a closed loop its `users` and `think_time`, an
/// open loop its `rate`, `bursts` and `clients`. The other type's settings were accepted with
/// any value and never read; they are refused at their value, as `clients` on a closed loop was.
struct WorkloadKindSettingsTests {
    /// A world whose third line is `workload`.
    static func world(_ workload: String) -> String {
        "run: {duration: 5s}\nservers: [{name: s}]\nworkload: \(workload)\n"
    }

    @Test(arguments: [
        ("{type: open_loop, rate: 10, users: abc, think_time: xyz}",
         "w.yaml:3:46: error: 'users' applies to closed-loop arrivals; an open loop's load is set by its rate (at workload.users)"),
        ("{type: open_loop, rate: 10, think_time: 1s}",
         "w.yaml:3:51: error: 'think_time' applies to closed-loop arrivals; an open loop's load is set by its rate (at workload.think_time)"),
        ("{type: closed_loop, users: 2, rate: abc}",
         "w.yaml:3:47: error: 'rate' applies to open-loop arrivals; a closed loop's load is set by its users (at workload.rate)"),
        // Refused before the missing rate: the file says what it meant, and which type reads it.
        ("{type: open_loop, users: 2}",
         "w.yaml:3:36: error: 'users' applies to closed-loop arrivals; an open loop's load is set by its rate (at workload.users)"),
    ])
    func aSettingOfTheOtherTypeIsRefused(workload: String, expected: String) {
        #expect(loadError(Self.world(workload), file: "w.yaml")?.description == expected)
    }

    @Test func eachTypeLoadsWithItsOwnSettings() throws {
        let open = try ScenarioLoader.parse(Self.world("{type: open_loop, rate: 10, clients: 2, bursts: [{at: 1s, for: 1s, multiplier: 2}]}"), file: "w.yaml")
        #expect(open.workload?.clients == 2)
        let closed = try ScenarioLoader.parse(Self.world("{type: closed_loop, users: 2, think_time: 1ms}"), file: "w.yaml")
        #expect(closed.workload?.clients == 1)
    }
}
