import Testing
@testable import Scenarios
@testable import Simulator

/// Legal values whose arithmetic passed `Int64` (checker C2, s74): a first-check spread of a long
/// interval over many servers trapped (SIGILL), a 200-year latency drawn 92 years into a run
/// wrapped to a deadline in the past and was answered at once, a chaos slow factor's heavy tail
/// reached the reports as `×inf`, and a refusal quoted a letter with 100,000 combining marks whole.
struct FarInstantAndSpreadTests {
    static func run(_ text: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(text, file: "w.yaml"), seed: nil)
    }

    @Test func instantsSaturateInsteadOfWrapping() {
        #expect(VirtualInstant.saturating(.max - 5, plus: 10) == .max)
        #expect(VirtualInstant.saturating(.min + 5, plus: -10) == .min)
        #expect(VirtualInstant.saturating(1_000, plus: -10) == 990)
        let late = VirtualInstant(nanoseconds: 33_702 * 86_400 * 1_000_000_000)
        #expect(late.advanced(by: Duration.longest).nanoseconds == .max)
    }

    /// 107 days × 999 positions passes Int64 nanoseconds; the spread is computed in 128 bits.
    @Test func aLongCheckIntervalOverAThousandServersRuns() throws {
        let result = try Self.run("""
            name: hc
            servers: [{name: s, count: 1000}]
            balancer: {health_check: {interval: 107d}}
            workload: {type: open_loop, rate: 1}
            run: {duration: 1s}
            """)
        #expect(result.passed)
        #expect(result.value(of: BalancerMetric.succeeded.metric) == 1)
    }

    /// The same world waiting 33,700 or 33,702 days: both puts wait out the 200-year store
    /// latency (the client gives up after its tries), where the later one was answered 2xx.
    @Test func aTwoHundredYearLatencyLateInARunIsNotAnsweredAtOnce() throws {
        for days in [33_700, 33_702] {
            let result = try Self.run("""
                name: wrap
                seed: 1
                object_store:
                  latency: {pareto: {scale: 36525d, shape: 0.000001}}
                  buckets: [{name: bkt}]
                operations:
                  - wait: \(days)d
                  - put: {bucket: bkt, key: k, body: x}
                """)
            #expect(!result.passed, "\(days) days")
            #expect(result.storeHeadline?.contains("not answered 2xx") == true, "\(days) days: \(result.storeHeadline ?? "")")
        }
    }

    @Test func aHeavyTailedSlowFactorSaturatesLikeADuration() throws {
        let result = try Self.run("""
            name: slow-factor-inf
            seed: 1
            mapreduce:
              cluster: {workers: 2}
              jobs: [{id: wc, name: word-count, reducers: 1, input: {synthetic: {lines: 100, seed: 1}}}]
              chaos: {horizon: 1s, slowdowns_per_minute: 600, slow_factor: {pareto: {scale: 1ns, shape: 0.000000001}}}
            """)
        let markdown = result.markdown()
        #expect(!markdown.contains("×inf"), "\(markdown)")
        // Held at a file's `slow.factor` maximum, 10⁶ (was 6,311,520,000, the 200-year cap, which `shrink` wrote back and the loader refused).
        #expect(markdown.contains("- 0.266 s: slow worker-1 ×1,000,000\n"), "\(markdown)")
    }

    @Test func anExcerptCountsUnicodeScalars() {
        let combining = "1" + String(repeating: "\u{0301}", count: 100_000) + "s"
        let excerpt = combining.excerpt
        #expect(excerpt.unicodeScalars.count == 58)
        #expect(excerpt.hasSuffix("…"))
        #expect("héllo".excerpt == "héllo")
        #expect(String(repeating: "a", count: 60).excerpt == String(repeating: "a", count: 60))
        #expect(String(repeating: "a", count: 61).excerpt == String(repeating: "a", count: 57) + "…")
    }

    @Test func anUnknownHashNameIsQuotedAsAnExcerpt() {
        let name = String(repeating: "a", count: 100_000)
        do throws(ScenarioError) {
            _ = try ScenarioLoader.parseRequestHash(WholeUnitTests.cursor(name))
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix("unknown request hash \"\(String(repeating: "a", count: 57))…\"; valid names: "), "\(error.message.prefix(200))")
        }
    }
}
