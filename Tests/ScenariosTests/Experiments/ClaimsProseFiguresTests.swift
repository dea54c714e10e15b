import Foundation
import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// Seeds 003 and 004 with their files changed (session 68's checker, findings 2 and 3): the
/// claims' sentences, verdicts and captions follow the changed world and its figures.
struct ClaimsProseFiguresTests {
    static let root = packageRoot

    /// Seed 003's shape with four servers, six connections, two tries, max_fails 2, a 4 s proxy
    /// timeout and 10 s health checks; 10 s of traffic (the detection runs keep their 60 s).
    static let seed003 = """
    name: edited-003
    seed: 13
    run:
      duration: 10s
    network:
      latency: 0.5ms
    servers:
      - {name: n-one, slots: 1, service_time: {exponential: 10.638ms}}
      - {name: n-two, slots: 1, service_time: {exponential: 10.638ms}}
      - {name: n-three, slots: 1, service_time: {exponential: 10.638ms}}
      - {name: n-four, slots: 1, service_time: {exponential: 10.638ms}}
    balancer:
      strategy: least_conn
      forward_timeout: 4s
      retries: {tries: 2, on: [error, timeout]}
      passive_health: {max_fails: 2, fail_timeout: 12s}
      health_check: {interval: 10s, timeout: 2s, rise: 1, fall: 1}
    workload:
      type: closed_loop
      users: 6
      timeout: 60s
    faults:
      - {at: 3s, crash: n-three}
    """

    /// Seed 004's shape with four backends of four workers, 100 users thinking 20 s, two tries
    /// within 5 s, max_fails 5 and fail_timeout 15 s; a restart and an erring backend in 90 s.
    static let seed004 = """
    name: edited-004
    seed: 14
    run:
      duration: 90s
    network:
      latency: 0.5ms
    servers:
      - {name: web, count: 4, slots: 4, queue: 500, service_time: {lognormal: {median: 25ms, sigma: 0.6}}}
    balancer:
      strategy: least_conn
      forward_timeout: 20s
      retries: {tries: 2, on: [error, timeout, http_500, http_502, http_503, http_504], timeout: 5s}
      passive_health: {max_fails: 5, fail_timeout: 15s}
    workload:
      type: closed_loop
      users: 100
      think_time: {exponential: 20s}
      timeout: 60s
    faults:
      - {at: 30s, restart: web2, boot_time: 10s}
      - {at: 60s, errors: web3, rate: 1.0, for: 10s}
    """

    /// Both seeds run once on the edited files (the deployments on the shipped `deploy.yaml`
    /// with two users, so that its world differs from the edited seed 003's).
    static let result: (claims003: Seed003Claims, claims004: Seed004Claims, deploy: Scenario) = {
        let scenario003 = try! ScenarioLoader.parse(seed003, file: "seed-003-least-conn.yaml")
        let scenario004 = try! ScenarioLoader.parse(seed004, file: "seed-004-web-platform.yaml")
        let deploy = try! DeployComparison.loadBase(path: root.appendingPathComponent("scenarios/deploy.yaml").path).withUsers(2)
        return (Seed003Claims.run(scenario003, deploy: deploy, jobs: 2), Seed004Claims.run(scenario004, jobs: 2), deploy)
    }()

    static func check(_ claims: [ClaimCheck], _ prefix: String) throws -> ClaimCheck {
        try #require(claims.first { $0.claim.hasPrefix(prefix) })
    }

    /// "One server: R = 6 / 93.3 = 64.3 ms, the seed's 106 ms" and "Three servers" with four.
    @Test func littlesLawSaysWhetherTheSeedsFiguresAreMatchedAndCountsTheServers() throws {
        let claims = Self.result.claims003
        let x1 = claims.single.throughput, x4 = claims.cluster.throughput
        let check = try Self.check(claims.checks, "Average response time")
        #expect(check.why.hasPrefix("The file sets 4 servers (the claim: 3): its runs do not test the claim as stated, and what follows is what they show. Little's law for a closed loop without think time: connections N = X · R. One server: R = 6 / \(NumberFormat.fixed(x1, decimals: 1)) = \(ClaimCheck.ms(6 / x1)), not the seed's 106 ms. Four servers: R = 6 / \(NumberFormat.fixed(x4, decimals: 1)) = \(ClaimCheck.ms(6 / x4)), not 45 ms — and even at the claimed 267 requests/s, 6 connections give 22.472 ms."))
        #expect(check.why.hasSuffix("The seed's pair 267 requests/s and 45 ms implies N = 267 × 0.045 = 12.0 connections, and its 106 ms at 94 requests/s N = 94 × 0.106 = 10.0: the seed measured neither at the scenario's 6 connections."))
        #expect(check.measured.hasPrefix("\(ClaimCheck.ms(claims.single.value(of: .meanLatency))) on one server, \(ClaimCheck.ms(claims.cluster.value(of: .meanLatency))) on four; "))
    }

    /// "both claimed figures are reproduced together" when the 12-connection run gives others.
    @Test func theTwelveConnectionRunSaysWhatItMeasured() throws {
        let claims = Self.result.claims003
        let check = try Self.check(claims.checks, "Average response time")
        #expect(check.toHold == "To test the claim as stated, run it with 3 servers. With 12 connections the cluster does \(ClaimCheck.rate(claims.sharedTwelve.throughput)) at \(ClaimCheck.ms(claims.sharedTwelve.value(of: .meanLatency))), not the claimed 267 requests/s and 45 ms together; at the stated 6 connections the cluster's average is lower than claimed.")
        #expect(check.measured.hasSuffix("with 12 connections"))
    }

    /// "A 2.84× cluster of four has lost 116% of one server" and the fixed "84% speed" run.
    @Test func theSharedHostIsRunOnlyWhereItExplainsTheClaimedRatio() throws {
        #expect(Seed003Claims.sharedHostSpeed(servers: 3).map { NumberFormat.percent($0, decimals: 0) } == "84%")
        #expect(Seed003Claims.sharedHostSpeed(servers: 4) == nil && Seed003Claims.sharedHostSpeed(servers: 2) == nil)
        let claims = Self.result.claims003
        #expect(claims.shared == nil && claims.sharedHostSpeed == nil)
        let check = try Self.check(claims.checks, "3-server cluster")
        #expect(check.verdict == .untested)
        #expect(check.why.hasPrefix("The file sets 4 servers (the claim: 3): its runs do not test the claim as stated, and what follows is what they show. Four servers can complete at most 4 / S"))
        #expect(check.why.hasSuffix("A 2.84× cluster of four would have lost 1.16 servers' worth of capacity, more than n-one sharing its host with nginx can lose: the claim's 2.84× fits three servers, one of them at 84% of the others' speed (nginx beside it), not four."))
        #expect(check.toHold == "To test the claim as stated, run it with 3 servers. 267 requests/s is reached as soon as the servers are saturated; the claim's 2.84× fits three servers, one of them at 84% of the others' speed (nginx beside it): four servers do more than claimed even with n-one sharing its host.")
        #expect(!check.measured.contains("speed") && !check.why.contains("116%"))
    }

    /// The maintenance paragraph described seed 003's file while its figures came from deploy.yaml.
    @Test func maintenanceWordsNameTheDeployFilesWorld() throws {
        let claims = Self.result.claims003
        let check = try Self.check(claims.checks, "No service interruption")
        #expect(check.why.hasPrefix("The deployments ran in `deploy.yaml`'s world (3 servers, 2 users, 3 tries), not this file's (4 servers, 6 users, 2 tries). With one of 3 servers out, the other 2 can complete 188.0 requests/s, and the 2 connections queue on them instead: "))
        let zero = try Self.check(claims.checks, "Zero-downtime")
        #expect(zero.why.contains("A rolling update keeps 2 of 3 servers in rotation at every instant"))
        #expect(zero.toHold.hasSuffix("so a bad release is rolled back after one server's worth of failures."))
        // The same world in both files: no sentence about which file.
        #expect(Seed003Claims.worldPreface(deploy: Self.result.deploy, seed003: Self.result.deploy) == "")
    }

    /// "What would make it hold: proxy timeout 4 s: 4.00 s" when the file already sets 4 s.
    @Test func detectionAdviceLeavesOutTheFilesOwnSettingAndSaysItAlreadyHolds() throws {
        let claims = Self.result.claims003
        #expect(claims.detections.map(\.fileSettings) == [true, true, false])
        let hostDown = try #require(claims.detections[0].detectionTime), checks = try #require(claims.detections[2].detectionTime)
        #expect((3...5).contains(hostDown) && (3...5).contains(checks))
        let check = try Self.check(claims.checks, "Failover detection")
        #expect(check.verdict == .untested)
        #expect(check.toHold == "To test the claim as stated, run it with max_fails 3, fail_timeout 30 s, forward_timeout 10 s and health checks every 30 s. With the file's settings every failure tried here is detected within 5 s (process killed (connection refused) faster than 3 s, which keeps a promise of 3–5 s); health checks every 1 s, timeout 0.5 s, fall 3: \(ClaimCheck.duration(checks)).")
    }

    /// The caption "one server and three" and the runs table's rows follow the cluster.
    @Test func theReportsCaptionAndRunsFollowTheCluster() {
        let study = ClaimsSeedStudy(seed003Seeds: [], seed004Seeds: [], seed003: [], seed004: [])
        let report = ClaimsResult(seed003: Self.result.claims003, seed004: Self.result.claims004, seedStudy: study).markdown()
        #expect(report.contains("![throughput and latency, one server and four](seed-003-scaling.svg)"))
        #expect(report.contains("\n| four servers, 12 connections "))
        #expect(!report.contains("sharing its host with nginx |"))
        #expect(!report.contains("one server and three"))
    }

    /// "Backends marked down after 3 consecutive failures — holds" with max_fails 5, and the
    /// advice that "waits for three requests".
    @Test func seed004sMarkedDownClaimIsNotTestedWithAnotherMaxFails() throws {
        let check = try Self.check(Self.result.claims004.checks, "Backends marked down")
        #expect(check.verdict == .untested)
        #expect(check.why.hasPrefix("The file sets max_fails 5 (the claim: 3): its runs do not test the claim as stated, and what follows is what they show. With max_fails=5 the 5th failed forward marks a backend down."))
        #expect(check.toHold == "To test the claim as stated, run it with max_fails 3. Holds whenever the failing backend keeps receiving requests; at low traffic detection waits for five requests to reach it.")
    }

    /// "with up to 3 tries; retry timeout 10 s — holds" with two tries and 5 s.
    @Test func seed004sFailoverClaimIsNotTestedWithOtherRetries() throws {
        let check = try Self.check(Self.result.claims004.checks, "Failover on error")
        #expect(check.verdict == .untested)
        #expect(check.why.hasPrefix("The file sets 2 tries (the claim: 3) and a 5.000 s retry timeout (the claim: 10 s): its runs do not test the claim as stated, and what follows is what they show. "))
        #expect(check.toHold.hasPrefix("To test the claim as stated, run it with 3 tries and a 10 s retry timeout. "))
        let probe = try Self.check(Self.result.claims004.checks, "Failed backends retried")
        #expect(probe.why.hasPrefix("The file sets fail_timeout 15.000 s (the claim: 30 s): "))
    }

    /// The Z threshold sentence and its advice follow the sweep, and the 503 advice comes only
    /// with an overload cascade.
    @Test func seed004sThinkTimeProseFollowsTheSweep() throws {
        let claims = Self.result.claims004
        let check = try Self.check(claims.checks, "10,000 concurrent users")
        #expect(check.verdict == .untested)
        #expect(check.why.contains("Below Z = N / C − R = \(ClaimCheck.s(claims.saturationThinkTime)) demand exceeds capacity: the backends saturate and the users' requests pile up in the queues (R = N / C − Z). No think time of the sweep is that short."))
        #expect(check.toHold == "To test the claim as stated, run it with 10,000 users. Every think time of the sweep, down to 5.000 s, keeps p99 under 3 s with this capacity; users thinking much less need more than N / Z requests/s of capacity.")
        #expect(!check.toHold.contains("503"))
    }

    @Test func saturationSentenceSaysWhereTheSweepPassedThreeSeconds() {
        // The checker's file: saturated at 5 s, yet p99 839 ms and nothing failed.
        #expect(Seed004Claims.saturationText(breakEven: 5.61, sweep: [(5, 0.8392, 1), (10, 0.1, 1)], tries: 2)
                == "Below Z = N / C − R = 5.610 s demand exceeds capacity: the backends saturate and the users' requests pile up in the queues (R = N / C − Z). In the sweep p99 stays under 3 s even so (839.200 ms at 5.000 s), and no request failed.")
        // The shipped file: 5 s and 10 s pass 3 s and fail requests, 15 s does not.
        #expect(Seed004Claims.saturationText(breakEven: 16.63, sweep: [(5, 4.96, 0.12), (10, 5.03, 0.37), (15, 2.49, 1), (20, 0.38, 1)], tries: 3)
                == "Below Z = N / C − R = 16.630 s demand exceeds capacity: the backends saturate and the users' requests pile up in the queues (R = N / C − Z). In the sweep p99 passes 3 s at Z = 5.000 s and 10.000 s but not at 15.000 s (2.490 s), and at 5.000 s and 10.000 s requests failed even after three tries.")
        #expect(Seed004Claims.saturationText(breakEven: 8, sweep: [(5, 4, 1)], tries: 1)
                == "Below Z = N / C − R = 8.000 s demand exceeds capacity: the backends saturate and the users' requests pile up in the queues (R = N / C − Z). In the sweep p99 passes 3 s at Z = 5.000 s, and no request failed.")
    }

    @Test(arguments: [(2.5, "With max_fails=5 the 5th failed forward marks a backend down. Here it took up to 2.500 s after the fault for the five failures to come: a failing backend received requests that seldom."),
                      (Double.infinity, "With max_fails=5 the 5th failed forward marks a backend down. A failing backend was not marked down within the run: the five failures never came.")])
    func seed004sDetectionProseFollowsTheMeasuredDetection(slowest: Double, expected: String) {
        #expect(Seed004Claims.detectionExplanation(maxFails: 5, slowest: slowest) == expected)
    }

    @Test func seed004sDetectionProseWithoutAFailover() {
        #expect(Seed004Claims.detectionExplanation(maxFails: 5, slowest: nil) == "With max_fails=5 the 5th failed forward marks a backend down. No backend failed in the run, so none was marked down.")
    }
}
