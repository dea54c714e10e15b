import Foundation
import Testing
@testable import Scenarios

/// A-3's failover report at its edges (checker C2, session s73): a heartbeat timeout shorter than
/// a round trip declared every replica dead ~2 ms in and printed detection "-10.298 s"; a run
/// with no answered request printed "p99 … 0.0 ms"; a 1 µs timeout read "< 0.001 s", "0.000 s"
/// and "0 ms" in one report; 10⁹ misses left "### Why these numbers" empty; "retries 1 time(s)",
/// "1 requests/s", and "The replacement serves one spawn delay later" beside a respawn of "—".
struct A3EdgeTests {
    static func files(rate: Int, duration: String, killAt: String, interval: String = "1s", timeout: String = "500ms",
                      misses: Int = 2, forward: String = "500ms", retries: Int = 1) throws -> (report: String, json: [String: Any]) {
        let yaml = A3ProseTests.yaml(rate: rate, duration: duration, timeout: timeout, killAt: killAt, interval: interval, misses: misses,
                                     more: "  forward_timeout: \(forward)\n  retries: \(retries)")
        let bundle = try parseExperiment(yaml, file: "cases/a3.yaml").run(jobs: 1)
        let report = try #require(bundle.files.first { $0.path == "a3/report.md" })
        let json = try #require(bundle.files.first { $0.path == "a3/report.json" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.contents)) as? [String: Any])
        return (String(decoding: report.contents, as: UTF8.self), object)
    }

    /// 1 ms heartbeats against round trips of 0.4–1.6 ms: `Server 2` is declared dead at 4 ms,
    /// 10.296 s before its kill. Detection is the first declaration at or after the kill — none
    /// here — and the 24 false suspicions are counted, 18 before the kill.
    @Test func aDeclarationBeforeTheKillIsAFalseSuspicionNotANegativeDetection() throws {
        let (report, json) = try Self.files(rate: 20, duration: "12s", killAt: "10.3s", interval: "1ms", timeout: "1ms")
        #expect(report.contains("| detection time (kill → declared dead)        |        — |\n| respawn time (kill → replacement serving)    |        — |"))
        #expect(report.contains("| replicas declared dead that had not failed   |       24 |"))
        #expect(report.contains("`Server 2` had already been declared dead at 4.000 ms, before its kill at 10.300 s (a false suspicion), and taken off the map, so no declaration followed the kill: detection and respawn have no value. "))
        #expect(report.contains("The replica manager declared 24 replicas dead that had not failed (false suspicions), 18 of them before the kill, the first at 4.000 ms: a heartbeat's round trip on these links takes 0.400 ms to 1.600 ms, and 2 heartbeats in a row took longer than the 1.000 ms timeout."))
        #expect(!report.contains("-10."))
        #expect(json["detectionSeconds"] is NSNull && json["respawnSeconds"] is NSNull && json["replacement"] is NSNull)
        #expect(json["falseSuspicions"] as? Int == 24 && json["falseSuspicionsBeforeKill"] as? Int == 18)
    }

    /// A timeout no heartbeat can meet (A-3's links take at least 0.2 ms each way) is refused at
    /// its key: every replica would be declared dead before the kill.
    @Test func aHeartbeatTimeoutNoRoundTripMeetsIsRefused() {
        let yaml = "experiment: a3\nservers: 3\nfailover: {rate: 10, duration: 5s, kill: Server 1, kill_at: 1s, heartbeat_timeout: 400us}\n"
        #expect(throws: ScenarioError.self) { try parseExperiment(yaml, file: "x.yaml") }
        do {
            _ = try parseExperiment(yaml, file: "x.yaml")
        } catch {
            #expect("\(error)" == "x.yaml:3:84: error: no heartbeat is answered within 0.400 ms: its round trip on A-3's links takes at least 0.400 ms (0.200 ms each way), so every replica would be declared dead; make heartbeat_timeout longer than 0.400 ms (at failover.heartbeat_timeout)")
        }
        #expect((try? parseExperiment(yaml.replacingOccurrences(of: "400us", with: "401us"), file: "x.yaml")) != nil)
    }

    /// A 1 µs forward timeout: no request is answered, so no latency is printed, and the timeout
    /// reads 0.001 ms wherever it appears.
    @Test func noAnsweredRequestHasNoLatencyAndAMicrosecondReadsTheSameEverywhere() throws {
        let (report, json) = try Self.files(rate: 20, duration: "5s", killAt: "1s", forward: "1us")
        #expect(report.contains("| p99 latency of answered requests             |       — |\n| slowest answered request                     |       — |"))
        #expect(report.contains("The balancer waits 0.001 ms for a replica and retries once on the next replica clockwise; "))
        #expect(report.contains("149 forwards to the live replicas failed too: no forward is answered within the 0.001 ms forward timeout, at most the shortest round trip on these links (0.400 ms). "))
        #expect(report.contains("No request was answered, so there is no latency to show: all 97 were lost. "))
        #expect(!report.contains("0.0 ms") && !report.contains("< 0.001") && !report.contains("0 ms forward"))
        #expect(json["p99Seconds"] is NSNull && json["maxLatencySeconds"] is NSNull)
    }

    /// 10⁹ misses: nothing is detected within the run, and "Why these numbers" says why.
    @Test func aDetectionBeyondTheRunIsExplained() throws {
        let (report, _) = try Self.files(rate: 20, duration: "12s", killAt: "10.3s", misses: 1_000_000_000)
        #expect(report.contains("a replica is declared dead after 1,000,000,000 missed heartbeats"))
        #expect(report.contains("### Why these numbers\n\nNo declaration of `Server 2`'s death followed its kill before the run ended at 15.000 s: detection needs 1,000,000,000 missed heartbeats, at least 999,999,999.500 s after the kill, more than the 4.700 s the run had left. For the rest of the run, every request that hashes to `Server 2` is first forwarded there and waits the full forward timeout before its retry: 3 forwards failed that way."))
    }

    /// A kill 0.1 s before traffic ends: detected 1.6 s later, its replacement due after the run.
    @Test func aReplacementDueAfterTheRunIsNotSaidToServe() throws {
        let (report, _) = try Self.files(rate: 20, duration: "5s", killAt: "4.9s", retries: 2)
        #expect(report.contains("here 1.600 s. Its replacement would serve one spawn delay (2.000 s) after detection, at 8.500 s, after the run ended at 8.000 s. "))
        #expect(report.contains("The balancer waits 500.000 ms for a replica and retries up to 2 times on the next replicas clockwise; "))
        #expect(report.contains("No forward failed, so no client lost a request."))
        #expect(!report.contains("serves one spawn delay later") && !report.contains("answered by its retry"))
    }

    /// One request a second, no retries.
    @Test func oneRequestASecondWithoutRetries() throws {
        let (report, _) = try Self.files(rate: 1, duration: "12s", killAt: "10.3s", retries: 0)
        #expect(report.contains("Open-loop traffic at 1 request/s for 12.000 s; "))
        #expect(report.contains("The balancer waits 500.000 ms for a replica and does not retry; "))
        #expect(report.contains("The replacement `S-il2mk` served 2.000 s after detection, the spawn delay. Until detection, every request that hashes to `Server 2` is first forwarded there and waits the full forward timeout, then fails (the balancer does not retry): 0 forwards failed that way."))
        #expect(!report.contains("time(s)") && !report.contains("before its retry"))
    }
}
