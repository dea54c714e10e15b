import Testing
@testable import Scenarios
@testable import Simulator

/// Two faults of one target that set a level (`errors`, `slow`, `drop_rate`, `latency_spike`)
/// and overlap: the later one replaces the level, as the network applies any set, and the earlier
/// one's end no longer sets it back while the later one lasts (an error burst `for: 1s` written at
/// 7 s was ended at 7.5 s by an earlier burst's end).
struct OverlappingLevelFaultsTests {
    private func entries(_ faults: String) throws -> [String] {
        let scenario = try ScenarioLoader.parse("""
            run: {duration: 30s}
            balancer: {strategy: round_robin}
            servers: [{name: web, count: 2, service_time: 5ms}]
            workload: {type: open_loop, rate: 20}
            faults: \(faults)
            """, file: "levels.yaml")
        return scenario.faults.entries.map { "\($0.at.seconds) \($0.fault)" }
    }

    /// A burst from 5 s for 2 s and another from 6 s for 3 s: the second lasts to 9 s.
    @Test func anEarlierBurstsEndNoLongerEndsALaterOne() throws {
        #expect(try entries("[{at: 5s, errors: web2, rate: 0.5, for: 2s}, {at: 6s, errors: web2, rate: 0.9, for: 3s}]")
            == ["5.0 errors web2 rate 0.5", "6.0 errors web2 rate 0.9", "9.0 errors web2 rate 0.0"])
    }

    /// Written in the other order, the same: the file's order does not decide which starts later.
    @Test func theFilesOrderDoesNotMatter() throws {
        #expect(try entries("[{at: 6s, errors: web2, rate: 0.9, for: 3s}, {at: 5s, errors: web2, rate: 0.5, for: 2s}]")
            == ["6.0 errors web2 rate 0.9", "9.0 errors web2 rate 0.0", "5.0 errors web2 rate 0.5"])
    }

    /// Other targets and other kinds keep their own ends; a window inside a longer one still ends
    /// the level at its end (the longer one's rest is not restored: what is left).
    @Test func onlyALaterWindowOfTheSameTargetThatOutlastsItDropsAnEnd() throws {
        #expect(try entries("[{at: 5s, errors: web1, rate: 0.5, for: 2s}, {at: 6s, errors: web2, rate: 0.9, for: 3s}, {at: 6s, slow: web1, factor: 2, for: 3s}]")
            == ["5.0 errors web1 rate 0.5", "7.0 errors web1 rate 0.0", "6.0 errors web2 rate 0.9", "9.0 errors web2 rate 0.0",
                "6.0 slow web1 ×2.0", "9.0 slow web1 ×1.0"])
        #expect(try entries("[{at: 5s, drop_rate: 0.1, for: 10s}, {at: 6s, drop_rate: 0.2, for: 1s}]")
            == ["5.0 drop rate 0.1", "15.0 drop rate 0.0", "6.0 drop rate 0.2", "7.0 drop rate 0.0"])
    }

    /// A set without `for:` during a window replaces the level for good: the window's end is dropped.
    @Test func aSetWithoutAnEndOutlastsEveryWindow() throws {
        #expect(try entries("[{at: 5s, slow: web2, factor: 3, for: 10s}, {at: 8s, slow: web2, factor: 2}]")
            == ["5.0 slow web2 ×3.0", "8.0 slow web2 ×2.0"])
    }

    /// At one instant, the entry listed later applies later: a window starting where another ends,
    /// listed after it, leaves the other's end in place.
    @Test func aWindowStartingAtAnothersEndKeepsThatEnd() throws {
        #expect(try entries("[{at: 5s, errors: web2, rate: 0.5, for: 2s}, {at: 7s, errors: web2, rate: 0.9, for: 3s}]")
            == ["5.0 errors web2 rate 0.5", "7.0 errors web2 rate 0.0", "7.0 errors web2 rate 0.9", "10.0 errors web2 rate 0.0"])
    }

    /// 20,000 overlapping bursts of one node load in one pass (each but the last loses its end).
    @Test func manyOverlappingWindowsLoadInOnePass() throws {
        let faults = "[" + (0..<20_000).map { "{at: \($0)ms, errors: web2, rate: 0.5, for: 10ms}" }.joined(separator: ", ") + "]"
        let loaded = try entries(faults)
        #expect(loaded.count == 20_001)
        #expect(loaded.last == "20.009 errors web2 rate 0.0")
    }
}
