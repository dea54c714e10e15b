import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// Three servers of a constant 10 ms, 3 users, retries on every 5xx and passive health; a rolling
/// deployment at 2 s whose 3 s boot outlasts the wait for the health check (every 500 ms, rise 2),
/// in a 20 s run the bad release's rollback outlasts.
let deployProseScenario = """
name: dx
seed: 1
run:
  duration: 20s
network:
  latency: 0.5ms
servers:
  - {name: a, slots: 1, service_time: 10ms}
  - {name: b, slots: 1, service_time: 10ms}
  - {name: c, slots: 1, service_time: 10ms}
balancer:
  strategy: least_conn
  forward_timeout: 10s
  retries: {tries: 2, on: [error, timeout, http_5xx]}
  passive_health: {max_fails: 5, fail_timeout: 4s}
  health_check: {interval: 500ms, timeout: 250ms, rise: 2, fall: 1}
workload:
  type: closed_loop
  users: 3
  timeout: 60s
deploy:
  at: 2s
  strategy: rolling
  drain: true
  drain_timeout: 2s
  boot_time: 3s
  health_deadline: 20s
  pause: 1s
  max_error_ratio: 0.2
"""

/// One server, one user, no retries, a deployment at 0 s: nothing before it, nobody to carry the
/// traffic while the server is out, three variants that take as long as each other.
let deployProseSingleServer = """
name: dz
seed: 3
run:
  duration: 20s
network:
  latency: 0.5ms
servers:
  - {name: solo, slots: 1, service_time: 10ms}
balancer:
  strategy: least_conn
  forward_timeout: 10s
  health_check: {interval: 5s, timeout: 1s, rise: 1, fall: 1}
workload:
  type: closed_loop
  users: 1
  timeout: 60s
deploy:
  at: 0s
  strategy: rolling
  drain: true
  drain_timeout: 5s
  boot_time: 1s
  health_deadline: 20s
  pause: 1s
  max_error_ratio: 0.05
"""

/// The deploy report's sentences follow the figures of the run beside them (session 68's
/// checker changed `scenarios/deploy.yaml` and found them fixed to the shipped file's).
struct DeployProseTests {
    static func run(_ text: String) -> DeployComparison {
        DeployComparison.run(try! ScenarioLoader.parse(text, file: "d.yaml"), jobs: 1)
    }

    static let retrying = run(deployProseScenario)
    static let single = run(deployProseSingleServer)

    @Test func theBootSetsThePaceWhenItOutlastsTheWaitForTheHealthCheck() throws {
        let report = Self.retrying.markdown()
        #expect(report.contains("The deployment took 13.863 s: after its 3.000 s boot each server waited 0.616 s on average for the health check to pass it 2 times in a row (checks every 0.500 s) — the boot, not the wait for the health check, sets the pace."))
        #expect(!report.contains("the check interval, not the boot, sets the pace"))
    }

    @Test func theCheckIntervalSetsThePaceWhenTheWaitOutlastsTheBoot() throws {
        let comparison = Self.run(deployScenario)
        let graceful = try #require(comparison.variant("graceful rolling"))
        let paragraph = comparison.gracefulParagraph(graceful, figures: try #require(graceful.deployment))
        #expect(paragraph.contains(" — with checks this far apart the check interval, not the boot, sets the pace."), "\(paragraph)")
    }

    @Test func theBadReleaseNamesTheServerWhoseCheckTripped() throws {
        let report = Self.retrying.markdown()
        #expect(report.contains("so the health check passed a at 5.512 s and it went back in rotation. The error check passed a, b: 0 failed answers of 287 in their pauses, 15 of them from the servers on the new version — the balancer retries 500s, so another server answered each request the new version failed. Once c went back at 14.863 s, the error check of its 1.000 s pause saw 2,191 failed answers of 2,208 (99.2%), above the limit of 20.0%: the deployment halted and restarted c, b, a into their old version."))
        #expect(!report.contains("During the 1.000 s pause the error check saw"))
    }

    @Test func theFailedRequestsAreToldByWhatTheClientsGot() throws {
        let report = Self.retrying.markdown()
        #expect(report.contains("23,720 requests failed (23,717 answered 502, 3 answered 500): the 500s are the bad version's, still a 500 after the balancer's 2 tries (its retries cover connection errors, timeouts and every 5xx answer); the 502s are the balancer's, given when no server could take a request or its last try could not connect — for 5 s from the deployment's start no request succeeded."))
        #expect(!report.contains("does not retry (its retries cover connection errors and timeouts only)"))
    }

    @Test func aRollbackPastTheEndOfTheRunIsSaidSo() throws {
        let bad = try #require(Self.retrying.variant("bad release"))
        #expect(DeployComparison.pastEndSentence(bad) == " The rollback ran past the end of the run: it ended at 30.059 s, and the clients stopped sending at 20.000 s, so the clients saw none of its last 10.059 s.")
        let graceful = try #require(Self.retrying.variant("graceful rolling"))
        #expect(DeployComparison.pastEndSentence(graceful) == "")
    }

    /// Seed 7 of a 10-user world: the deployment without drain retried 9 requests, yet its p99 is
    /// below the drained deployment's.
    @Test func retriesThatDidNotRaiseTheTailAreNotSaidToHaveCostIt() throws {
        let text = deployProseScenario.replacingOccurrences(of: "seed: 1", with: "seed: 7")
            .replacingOccurrences(of: "service_time: 10ms", with: "service_time: {exponential: 10ms}")
            .replacingOccurrences(of: ", http_5xx", with: "").replacingOccurrences(of: "users: 3", with: "users: 10")
            .replacingOccurrences(of: "max_fails: 5, fail_timeout: 4s", with: "max_fails: 3, fail_timeout: 30s")
            .replacingOccurrences(of: "duration: 20s", with: "duration: 30s")
        let report = Self.run(text).markdown()
        #expect(report.contains("The retries did not show in the tail: p99 during the deployment was 112.063 ms against 118.463 ms with drain;"))
        #expect(!report.contains("paid for its failed forward"))
    }

    @Test func aSingleServerLeavesNobodyToCarryTheTraffic() throws {
        let report = Self.single.markdown()
        #expect(report.contains("While its only server was out, no server was left to carry the 1 connection (for 5 s no request succeeded): no request had been answered before the deployment started at 0.000 s; during it p99 was 12.000 ms and answers per second 23.7."))
        #expect(!report.contains("the other 0 carried"))
        #expect(report.contains("No request was in flight when the servers' processes were killed. The balancer went on sending a booting server requests until it noticed: 1 more forward was refused. The balancer does not retry (one try a request), so 5,001 requests failed."))
    }

    @Test func emptyBeforeFiguresAreDashes() throws {
        let report = Self.single.markdown()
        #expect(report.contains("| graceful rolling      | completed   |  6.002 s |  5,002 |       0 |     0 |                5 |                — |             23.7 |          — |  12.000 ms |          — |  12.000 ms |"))
        #expect(!report.contains("0.000 ms |"))
        let csv = Self.single.variantsCSV().split(separator: "\n")
        #expect(csv[1].hasPrefix("graceful rolling,completed,6.002000,6252,5002,0,0,0,5,23.714,,,0.012000,"), "\(csv[1])")
    }

    @Test func aTieIsNotTheQuickest() throws {
        let report = Self.single.markdown()
        #expect(report.contains("The deployment itself took 6.002 s, as long as graceful rolling and rolling without drain."))
        #expect(!report.contains("the quickest"))
        #expect(Self.retrying.markdown().contains("The deployment itself was the quickest, 4.845 s."))
    }

    @Test func withoutRetriesThe500sAreNotSaidToBeOutsideTheRetries() throws {
        let report = Self.single.markdown()
        #expect(report.contains("9,034 requests failed (8,995 answered 502, 39 answered 500): the 500s are the bad version's, which the balancer does not retry (one try a request); the 502s are the balancer's, given when no server could take a request or its last try could not connect — for 9 s from the deployment's start no request succeeded."))
    }

    /// The committed file's case: every failure a 500 the balancer does not retry.
    @Test func onlyUnretried500sKeepTheShortSentence() throws {
        let text = deployProseScenario.replacingOccurrences(of: ", http_5xx", with: "")
            .replacingOccurrences(of: "passive_health: {max_fails: 5, fail_timeout: 4s}", with: "passive_health: {max_fails: 0}")
        let comparison = Self.run(text)
        let bad = try #require(comparison.variant("bad release"))
        let sentence = comparison.failureSentence(bad)
        if bad.result.failures(status: 500) == bad.failed {
            #expect(sentence == "\(NumberFormat.integer(bad.failed)) requests failed: the 500s the bad version gave while it served, which the balancer does not retry (its retries cover connection errors and timeouts only).")
        } else {
            Issue.record("expected only 500s: \(sentence)")
        }
    }
}
