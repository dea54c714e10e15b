import Testing
@testable import Scenarios
@testable import Simulator

/// `passive_health.fail_timeout` is nginx's: a whole number of seconds, which nginx parses with
/// `ngx_parse_time(&s, 1)` (milliseconds refused) and compares with `ngx_time()`'s whole seconds.
struct PassiveHealthFailTimeoutTests {
    static func scenario(failTimeout: String) -> String {
        balancedScenario.replacingOccurrences(of: "fail_timeout: 30s", with: "fail_timeout: \(failTimeout)")
    }

    @Test(arguments: ["1.5s", "10.000000001s", "0.01m"])
    func aFailTimeoutThatIsNotAWholeNumberOfSecondsIsRefused(value: String) throws {
        let error = try #require(loadError(Self.scenario(failTimeout: value), file: "p.yaml"))
        #expect(error.line == 11 && error.column == 48)
        #expect(error.message == "fail_timeout must be a whole number of seconds, as nginx reads it (ngx_parse_time in seconds, compared with ngx_time()'s whole seconds), got \(value)")
    }

    /// nginx's parser in seconds refuses the `ms` unit even for a whole number of seconds.
    @Test(arguments: [("1500ms", "ms"), ("2000ms", "ms"), ("3000000us", "us"), ("4000000000 ns", "ns")])
    func aFailTimeoutInAUnitBelowASecondIsRefused(value: String, unit: String) throws {
        let error = try #require(loadError(Self.scenario(failTimeout: value), file: "p.yaml"))
        #expect(error.line == 11 && error.column == 48)
        #expect(error.message == "fail_timeout is written in seconds or a larger unit, as nginx reads it (ngx_parse_time in seconds refuses '\(unit)'), got \(value)")
    }

    @Test func zeroIsRefusedAsBefore() throws {
        let error = try #require(loadError(Self.scenario(failTimeout: "0s"), file: "p.yaml"))
        #expect(error.message == "must be longer than zero, got 0s")
    }

    @Test(arguments: [("1", 1), ("1m", 60), ("30s", 30), ("0.5min", 30), ("1h", 3_600)])
    func wholeSecondsInAnyUnitAreRead(value: String, seconds: Int64) throws {
        let balancer = try #require(try ScenarioLoader.parse(Self.scenario(failTimeout: value), file: "p.yaml").balancer)
        #expect(balancer.configuration.passiveHealth == PassiveHealth(maxFails: 3, failTimeout: .seconds(seconds)))
    }
}
