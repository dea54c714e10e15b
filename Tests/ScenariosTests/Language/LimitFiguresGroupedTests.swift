import Foundation
import Testing
@testable import Scenarios

/// A loader's limits and counts read as every other figure Orrery prints, grouped by thousands
/// (`at most 100,000 faults`), where they read `at most 100000 faults`, `a factor is at most
/// 1000000`. A value the file wrote is quoted as written (`got 1e308`, `got 10001`).
struct LimitFiguresGroupedTests {
    static func error(_ text: String) -> String? { HostileInputTests.error(text) }

    @Test func aListOfServerEntriesCountsInThousands() {
        let entries = Array(repeating: "{name: s}", count: 10_001).joined(separator: ", ")
        #expect(Self.error("servers: [\(entries)]\nworkload: {type: open_loop, rate: 10}\n")
            == "h.yaml:1:10: error: at most 10,000 server entries, got 10,001 (at servers)")
    }

    @Test func aRateAndAFactorNameTheirLimitsGrouped() {
        #expect(Self.error("run: {duration: 10s}\nservers: [{name: s}]\nworkload: {type: open_loop, rate: 20000000}\n")
            == "h.yaml:3:35: error: a rate is at most 10,000,000 per second, got 20000000 (at workload.rate)")
        #expect(Self.error("run: {duration: 10s}\nservers: [{name: s}]\nworkload: {type: open_loop, rate: 10}\nfaults: [{at: 1s, slow: s, factor: 2000000}]\n")
            == "h.yaml:4:36: error: a factor is at most 1,000,000, got 2000000 (at faults.[0].factor)")
    }

    @Test func theProducersMessagesInAllNameTheirLimitGrouped() {
        let producer = "{name: p%d, to: [\"T:*\"], messages: 1000000, rate: 1000000}"
        let producers = (1...3).map { String(format: producer, $0) }.joined(separator: ", ")
        let world = "run: {duration: 10s}\nqueue: {brokers: 1, topics: [{name: T, partitions: 1}], producers: [\(producers)]}\n"
        let error = Self.error(world)
        #expect(error?.contains("error: the producers send at most 2,000,000 messages in all (at queue.producers.[2].messages)") == true, "\(error ?? "loaded")")
    }
}
