import Foundation
import Testing
@testable import Scenarios
import Reports

/// A-3's "Why these numbers" follows its figures: the detection range held only while the
/// heartbeat timeout was at most the interval (a 1.5 s timeout every 1 s read "between 2.500 s and
/// 3.500 s; here 3.700 s": rounds never overlap, so missed rounds came 1.5 s apart), and the
/// retried requests were said to stay out of p99 whatever their share (4.76 % of them did not).
struct A3ProseTests {
    /// An A-3 case killing `Server 2` of three at `killAt`; `more` is written after the failover
    /// section's settings (indent it to add settings of its own, as ``A3EdgeTests`` does).
    static func yaml(rate: Int, duration: String, timeout: String, killAt: String = "10.3s", interval: String = "1s",
                     misses: Int = 2, more: String = "") -> String {
        """
        experiment: a3
        seed: 11
        servers: 3
        operations: [rep]
        failover:
          rate: \(rate)
          duration: \(duration)
          kill: Server 2
          kill_at: \(killAt)
          heartbeat_interval: \(interval)
          heartbeat_timeout: \(timeout)
          misses_before_down: \(misses)
          spawn_delay: 2s
        \(more)
        """
    }

    static func report(rate: Int, duration: String, timeout: String, killAt: String = "10.3s", more: String = "") throws -> String {
        let yaml = Self.yaml(rate: rate, duration: duration, timeout: timeout, killAt: killAt, more: more)
        let bundle = try parseExperiment(yaml, file: "cases/a3.yaml").run(jobs: 1)
        let file = try #require(bundle.files.first { $0.path == "a3/report.md" })
        return String(decoding: file.contents, as: UTF8.self)
    }

    /// Kill at 10.3 s; rounds due at 11, 12, … s. With a 0.5 s timeout the misses are known at
    /// 11.5 and 12.5 s (2.2 s); with 1.5 s the round of 11 s waits until 12.5 s, the next starts
    /// then and times out at 14.0 s (3.7 s), within (2 × 1.5, 1 + 2 × 1.5].
    @Test(arguments: [
        ("0.5s", "the kill, and each miss is only known when its 500.000 ms timeout expires, so detection takes between 1.500 s and 2.500 s; here 2.200 s."),
        ("1.5s", "the kill, and each miss is only known when its 1.500 s timeout expires; rounds never overlap (each waits for its timeouts), missed ones coming 1.500 s apart (the timeout, longer than the 1.000 s interval), so detection takes between 3.000 s and 4.000 s; here 3.700 s."),
    ])
    func theDetectionRangeHoldsTheFigure(timeout: String, sentence: String) throws {
        let report = try Self.report(rate: 200, duration: "20s", timeout: timeout)
        #expect(report.contains(sentence))
    }

    /// At 200 requests/s for 20 s the retried requests are under 1 %: their wait stays out of p99.
    /// At 10 requests/s for 5 s with the kill at 1 s, over 1 %: p99 is among the percentiles they
    /// reach. With none retried (10 requests/s, 12 s, the kill at 10.3 s), none is said to wait.
    @Test func theP99SentenceFollowsTheRetriedShare() throws {
        let many = try Self.report(rate: 200, duration: "20s", timeout: "0.5s")
        #expect(many.contains("shows only in percentiles above p99."))
        #expect(many.contains(", not in p99 = "))
        let few = try Self.report(rate: 10, duration: "5s", timeout: "0.5s", killAt: "1s")
        #expect(few.contains("shows in every percentile above p9"))
        #expect(few.contains(" among them (the slowest answered request took "))
        #expect(!few.contains(", not in p99 = "))
        let none = try Self.report(rate: 10, duration: "12s", timeout: "0.5s")
        #expect(none.contains("No request was retried, so no latency shows the 500.000 ms wait. "))
        #expect(!none.contains("Those retried requests"))
    }

    /// Clients that give up (400 ms) before a failed forward's 500 ms are over lose every retried
    /// request: the report said their wait "shows only in percentiles above p99.72" and "no client
    /// lost a request" beside 41 lost in its table.
    @Test func requestsLostByClientsAreNotSaidToBeAnswered() throws {
        let report = try Self.report(rate: 200, duration: "20s", timeout: "0.5s", more: "  client_timeout: 400ms")
        #expect(report.contains("requests got no answer before their clients gave up (after 400.000 ms), so they are in no percentile of the answered ones"))
        #expect(report.contains("Not every failed forward could be rescued by a retry"))
        #expect(!report.contains("so no client lost a request"))
    }

    /// At 3,000 requests/s Server 1's share (84 %) is more than its slots serve: forwards to it
    /// time out too, and only those to the killed replica are said to be "sent" there.
    @Test func failedForwardsToLiveReplicasAreToldApart() throws {
        let report = try Self.report(rate: 3000, duration: "2s", timeout: "0.5s", killAt: "1s")
        let rows = report.split(separator: "\n")
        func value(_ figure: String) -> Int? {
            rows.first { $0.hasPrefix("| \(figure) ") }.flatMap { line in
                Int(line.split(separator: "|")[1].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ""))
            }
        }
        let all = try #require(value("forwards that failed")), toKilled = try #require(value("… sent to the killed replica"))
        #expect(toKilled < all)
        #expect(report.contains("forwards failed that way. \(NumberFormat.integer(all - toKilled)) forwards to the live replicas failed too: not answered within the 500.000 ms forward timeout"))
    }

    /// A hostname with an escape sequence was written raw into the report and its CSV.
    @Test func aHostnameWithAControlCharacterIsRefused() {
        #expect(throws: ScenarioError.self) {
            try parseExperiment("experiment: a3\nservers: 1\noperations:\n  - add: {n: 1, hostnames: [\"\\e[31mRED\"]}\nfailover: {rate: 10, duration: 1s, kill: Server 1, kill_at: 0.5s}\n", file: "cases/a3.yaml")
        }
        do {
            _ = try parseExperiment("experiment: a3\nservers: 1\noperations:\n  - add: {n: 1, hostnames: [\"\\e[31mRED\"]}\nfailover: {rate: 10, duration: 1s, kill: Server 1, kill_at: 0.5s}\n", file: "cases/a3.yaml")
        } catch {
            #expect("\(error)".hasPrefix("cases/a3.yaml:4:29: error: a hostname must not contain control characters"))
        }
    }
}
