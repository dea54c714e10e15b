import Testing
@testable import Scenarios
@testable import Simulator

/// The "Object store" table keeps the per-prefix request-rate throttling apart from the storms'
/// errors, names the storms' codes, and adds up every 503 SlowDown when a storm answered some.
@Suite("Store report: 503 SlowDown from the request rate and from storms")
struct StoreSlowDownReportTests {
    static func figures(throttled: Int, injected: Int, storm: Int, codes: [S3ErrorCode]) -> RunResult.StoreFigures {
        RunResult.StoreFigures(
            requests: 4_422, succeeded: 1_389, rejected: 0, throttled: throttled, injectedErrors: injected, stormErrors: storm,
            objects: 291, bytes: 353_817,
            storms: codes.map { ObjectStore.ErrorStorm(start: .seconds(100_000), length: .seconds(3_600), errorRate: 1, code: $0) })
    }

    static func rows(_ markdown: String) -> [String] {
        markdown.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| ") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "=") }
    }

    @Test func aSlowDownStormIsCountedAsSlowDownBesideTheRateLimit() {
        let markdown = StorePart.storeMarkdown(Self.figures(throttled: 0, injected: 3_033, storm: 3_033, codes: [.slowDown]))
        let rows = Self.rows(markdown)
        #expect(rows.contains("throttled by the per-prefix request rate (503 SlowDown)=0"))
        #expect(rows.contains("injected errors (seeded rates, storms, `errors` and `hang` faults)=3,033"))
        #expect(rows.contains("… during storms (503 SlowDown)=3,033"))
        #expect(!rows.contains { $0.hasPrefix("throttled (503 SlowDown)") })
        #expect(markdown.contains("The store answered 3,033 503 SlowDown in all: 0 from the per-prefix request rate and 3,033 from storms.\n"))
    }

    @Test func rateLimitAndStormSlowDownsAddUp() {
        let markdown = StorePart.storeMarkdown(Self.figures(throttled: 12, injected: 40, storm: 30, codes: [.slowDown, .slowDown]))
        #expect(Self.rows(markdown).contains("… during storms (503 SlowDown)=30"))
        #expect(markdown.contains("The store answered 42 503 SlowDown in all: 12 from the per-prefix request rate and 30 from storms.\n"))
    }

    @Test func stormsOfOtherCodesAddNoSlowDownSentence() {
        let markdown = StorePart.storeMarkdown(Self.figures(throttled: 5, injected: 9, storm: 7, codes: [.serviceUnavailable]))
        #expect(Self.rows(markdown).contains("… during storms (503 ServiceUnavailable)=7"))
        #expect(!markdown.contains("in all"))
    }

    @Test func mixedCodesAreNamedAndNotSplit() {
        let markdown = StorePart.storeMarkdown(Self.figures(throttled: 0, injected: 9, storm: 9, codes: [.slowDown, .internalError, .slowDown]))
        #expect(Self.rows(markdown).contains("… during storms (503 SlowDown, 500 InternalError)=9"))
        #expect(markdown.contains("their 9 errors are not split by code"))
        #expect(!markdown.contains("in all:"))
    }

    @Test func withoutStormsTheRowSaysSo() {
        let markdown = StorePart.storeMarkdown(Self.figures(throttled: 3, injected: 2, storm: 0, codes: []))
        #expect(Self.rows(markdown).contains("… during storms (none)=0"))
        #expect(!markdown.contains("in all"))
    }
}
