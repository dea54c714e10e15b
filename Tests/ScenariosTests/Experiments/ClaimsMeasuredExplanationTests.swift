import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// Checker Z's F5 and F6 and checker Y's items 3 and 5 (session 79): seed 003's prose said a dead
/// host's detection "takes the proxy timeout" where its run took two (8.00 s of a 4 s timeout:
/// with 5 users the dead host held fewer requests than max_fails), and "none idles" beside 93.8 %
/// utilisation; its durations had their own writer (`9.98 s` beside `9.999 s`); its detection
/// labels repeated the settings by hand.
struct ClaimsMeasuredExplanationTests {
    /// One proxy timeout, two, none, or another mechanism: each said as the run measured it.
    @Test func aDeadHostsDetectionIsExplainedFromItsRun() {
        #expect(Seed003Claims.hostDownClause(maxFails: 3, timeout: 4, detected: 3.977, by: .passive)
                == ", and the requests it held when it died time out together, so detection takes the proxy timeout.")
        #expect(Seed003Claims.hostDownClause(maxFails: 3, timeout: 4, detected: 7.996, by: .passive)
                == ". In its run the requests it held when it died were fewer than max_fails (3), so their timeouts did not mark it down: it took the forwards sent to it after them to time out as well, and detection took two proxy timeouts (7.996 s).")
        #expect(Seed003Claims.hostDownClause(maxFails: 3, timeout: 4, detected: nil, by: nil)
                == ", and in its run the dead host was never marked down.")
        #expect(Seed003Claims.hostDownClause(maxFails: 3, timeout: 4, detected: 2.5, by: .active)
                == ". In its run the dead host was marked down 2.500 s after the failure (health check).")
        #expect(Seed003Claims.hostDownClause(maxFails: 3, timeout: 4, detected: 7.996, by: .active)
                == ". In its run the dead host was marked down 7.996 s after the failure (health check).")
        let text = Seed003Claims.detectionExplanation(maxFails: 3, timeout: 4, check: nil,
                                                      stated: [("host down (no answer)", 8.0), ("process killed (connection refused)", 0.008)])
        #expect(text == "nginx marks a server down at its 3rd failed forward. A killed process refuses connections, so three refusals come back within milliseconds of the next requests least_conn sends it. A host that is down answers nothing: every forward to it fails only when the 4.000 s proxy timeout expires. In its run the requests it held when it died were fewer than max_fails (3), so their timeouts did not mark it down: it took the forwards sent to it after them to time out as well, and detection took two proxy timeouts (8.000 s). No health check runs. Only process killed (connection refused) detects within the claim's 5 s. The claimed 3–5 s promises detection within 5 s, so process killed (connection refused), faster than 3 s, keeps it.")
    }

    /// "none idles" only where utilisation says so.
    @Test func noServerIdlesOnlyWhenUtilisationSaysSo() {
        #expect(Seed003Claims.idleClause(users: 10, servers: 3, utilisations: [0.999, 0.9991, 0.999])
                == ", so every server always has a request waiting and none idles")
        #expect(Seed003Claims.idleClause(users: 5, servers: 3, utilisations: [0.938, 0.938, 0.940])
                == ", yet none is busy all the time: a server idles whenever none of its connections has a request waiting at it (utilisation 93.8%, 93.8%, 94.0%, idle up to 6.2% of the time)")
        #expect(Seed003Claims.idleClause(users: 2, servers: 3, utilisations: [0.9, 0.9, 0])
                == ", so one of them idles")
    }

    /// The claims write durations as every report does: three decimals, one writer.
    @Test func claimDurationsAreDurationFormats() {
        #expect(ClaimCheck.s(9.9985) == DurationFormat.seconds(9.9985, grouping: true))
        #expect(ClaimCheck.s(9.9985) == "9.999 s")
        #expect(ClaimCheck.ms(0.0005) == "0.500 ms")
        #expect(ClaimCheck.duration(0.0005) == "0.500 ms")
        #expect(ClaimCheck.duration(1234.5) == "1,234.500 s")
    }

    /// The detection variants' labels are written from the settings they run.
    @Test func detectionLabelsComeFromTheSettingsTheyRun() throws {
        let world = """
        name: labels
        seed: 1
        run:
          duration: 10s
        servers:
          - {name: s, count: 3, slots: 1, service_time: {exponential: 10ms}}
        balancer:
          strategy: least_conn
          forward_timeout: 10s
          passive_health: {max_fails: 3, fail_timeout: 30s}
        workload:
          type: closed_loop
          users: 5
          timeout: 60s
        """
        let scenario = try ScenarioLoader.parse(world, file: "labels.yaml")
        let variants = Seed003Claims.detectionVariants(scenario)
        // No health check where the claim states one every 30 s: the file's own runs are not "as stated".
        #expect(variants.map(\.label) == ["the file's settings: no health check", "the file's settings: no health check", "proxy timeout 4 s", "health checks every 1 s, timeout 0.5 s, fall 3"])
        #expect(variants.map(\.fileSettings) == [true, true, false, false])
        #expect(variants.map(\.short) == ["host down", "process killed", "host down, 4 s timeout", "host down, 1 s checks"])
        #expect(variants[2].scenario.balancer?.configuration.forwardTimeout == .seconds(4))
        #expect(variants[3].scenario.balancer?.configuration.healthCheck == ActiveHealthCheck(interval: .seconds(1), timeout: .milliseconds(500), rise: 2, fall: 3))
    }

    /// Checker Z's file: seed 003 with 5 users and a 4 s proxy timeout, 60 s; the deployments on
    /// two servers, where all at once leaves 31 s without an answer.
    static let seed003 = """
    name: seed-003-least-conn
    description: ab -c 10 (10 concurrent connections, no think time) through nginx least_conn to 3 single-worker servers
    seed: 31
    run:
      duration: 60s
    network:
      latency: 0.5ms
    servers:
      - {name: nexus-alpha, slots: 1, service_time: {exponential: 10.638ms}}
      - {name: nexus-beta, slots: 1, service_time: {exponential: 10.638ms}}
      - {name: nexus-gamma, slots: 1, service_time: {exponential: 10.638ms}}
    balancer:
      strategy: least_conn
      forward_timeout: 4s
      retries: {tries: 3, on: [error, timeout]}
      passive_health: {max_fails: 3, fail_timeout: 12s}
      health_check: {interval: 10s, timeout: 2s, rise: 1, fall: 1}
    workload:
      type: closed_loop
      users: 5
      timeout: 60s
    faults:
      - {at: 15s, crash: nexus-gamma}
      - {at: 30s, restart: nexus-gamma, boot_time: 3s}
      - {at: 45s, restart: nexus-beta, boot_time: 5s}
    """

    static let claims: Seed003Claims = {
        let scenario = try! ScenarioLoader.parse(seed003, file: "sc-cl/seed-003-least-conn.yaml")
        let deploy = try! ScenarioLoader.parse(DeployOutagePastTheDeploymentTests.world, file: "sc-cl/deploy.yaml")
        return Seed003Claims.run(scenario, deploy: deploy, jobs: 1)
    }()

    /// The run's own figures: detection after two proxy timeouts, servers idle 6 % of the time,
    /// 31 s without an answer, one server left to carry the load.
    @Test func theClaimsSayWhatTheirRunsMeasured() throws {
        let checks = Self.claims.checks
        let detection = try #require(checks.first { $0.claim.hasPrefix("Failover detection") })
        #expect(detection.measured == "in the detection runs (`runs.csv`): host down (no answer): 8.004 s; process killed (connection refused): 8.236 ms, faster than the claimed 3–5 s")
        #expect(detection.why == "The file sets fail_timeout 12.000 s (the claim: 30 s), forward_timeout 4.000 s (the claim: 10 s) and health checks every 10.000 s (the claim: every 30 s): its runs do not test the claim as stated, and what follows is what they show. nginx marks a server down at its 3rd failed forward. A killed process refuses connections, so three refusals come back within milliseconds of the next requests least_conn sends it. A host that is down answers nothing: every forward to it fails only when the 4.000 s proxy timeout expires. In its run the requests it held when it died were fewer than max_fails (3), so their timeouts did not mark it down: it took the forwards sent to it after them to time out as well, and detection took two proxy timeouts (8.004 s). Health checks 10.000 s apart (HAProxy's: the next starts an interval after the last one ended), with fall 1 and a 2.000 s timeout, detect a host that answers nothing between 2.000 s and 12.000 s after the failure. Only process killed (connection refused) detects within the claim's 5 s. The claimed 3–5 s promises detection within 5 s, so process killed (connection refused), faster than 3 s, keeps it.")
        let cluster = try #require(checks.first { $0.claim.hasPrefix("3-server cluster") })
        #expect(cluster.why.hasPrefix("Three servers can complete at most 3 / S = 3 × 94.0 requests/s = 282.0 requests/s on average (one server measured 94.5 requests/s above). least_conn spreads the 5 connections 2/2/1, yet none is busy all the time: a server idles whenever none of its connections has a request waiting at it (utilisation 93.8%, 93.8%, 94.0%, idle up to 6.2% of the time): the cluster scales 2.80×, below the claim's 2.84×. "))
        let maintenance = try #require(checks.first { $0.claim.hasPrefix("No service interruption") })
        #expect(maintenance.why.hasPrefix("The deployments ran in `deploy.yaml`'s world (2 servers, 6 users, 3 tries), not this file's (3 servers, 5 users, 3 tries). With one of 2 servers out, the other server can complete 94.0 requests/s, and the 6 connections queue on it instead: no request is lost, each waits longer. "))
        #expect(maintenance.toHold == "Take one server out at a time, drained (or with retries on connection errors), and keep the remaining servers' capacity above the load — here 1 server must carry what 2 did, so every request waits longer while one is out.")
        let zero = try #require(checks.first { $0.claim.hasPrefix("Zero-downtime") })
        #expect(zero.measured == "rolling, drained: 0 failed, 0 s without an answer, the deployment taking 10.507 s; all at once: 31 s without an answer, 186,009 failed; a release failing 50% of requests: 47 failed, rolled back")
        #expect(zero.why.contains("Restarting every server at once leaves none: 31 s of outage, "))
    }
}
