import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// One user who thinks 70 s between requests to one server of a constant second (queue 50), for
/// 150 s: idle servers, connections that expire, and — in the sweep — 1,000 users the server
/// cannot keep up with.
let keepaliveProseIdleScenario = """
name: kx
seed: 3
run:
  duration: 150s
network:
  latency: 2ms
servers:
  - {name: only, slots: 1, queue: 50, service_time: {constant: 1s}}
balancer:
  strategy: least_conn
  forward_timeout: 10s
  keepalive: {connections: 32}
workload:
  type: closed_loop
  users: 1
  think_time: {constant: 70s}
  timeout: 60s
"""

/// Six users with no think time on two servers of a constant 10 ms for 2 s: saturated.
let keepaliveProseSaturatedScenario = """
name: ks
seed: 3
run:
  duration: 2s
network:
  latency: 2ms
servers:
  - {name: a, slots: 1, service_time: {constant: 10ms}}
  - {name: b, slots: 1, service_time: {constant: 10ms}}
balancer:
  strategy: least_conn
  forward_timeout: 10s
  keepalive: {connections: 32}
workload:
  type: closed_loop
  users: 6
  timeout: 60s
"""

/// The keepalive report's sentences follow the figures of the run beside them (session 68's
/// checker changed `scenarios/keepalive.yaml` and found them fixed to the shipped file's).
struct KeepaliveProseTests {
    static let idle: KeepaliveComparison = {
        KeepaliveComparison.run(try! ScenarioLoader.parse(keepaliveProseIdleScenario, file: "kx.yaml"), jobs: 1, sweepUsers: [10, 1_000])
    }()
    static let saturated: KeepaliveComparison = {
        KeepaliveComparison.run(try! ScenarioLoader.parse(keepaliveProseSaturatedScenario, file: "ks.yaml"), jobs: 1, sweepUsers: [10])
    }()

    @Test func theHeadingGivesTheFilesThinkTime() {
        #expect(Self.idle.markdown().contains("## The file's traffic: 1 user thinking 70.000 s on average\n"))
        #expect(Self.saturated.markdown().contains("## The file's traffic: 6 users, no think time\n"))
    }

    @Test func anIdleServerIsNotCalledSaturated() {
        let report = Self.idle.markdown()
        #expect(report.contains("With 1 user the balancer never had more than 1 connection open. The pool saved nothing: every forward set up a connection of its own — 2 connections expired, idle longer than `keepalive_timeout` (60.000 s) while the user thinks 70.000 s on average."))
        #expect(!report.contains("saturated:"))
    }

    @Test func aSaturatedClusterKeepsTheSaturationSentence() throws {
        let comparison = Self.saturated
        let none = try #require(comparison.unpooled(.closedLoop))
        let file = try #require(comparison.variant("keepalive 32 (the file)"))
        #expect(KeepaliveComparison.busyShare(none) >= KeepaliveComparison.saturatedShare)
        let sentence = comparison.savingSentence(none: none, file: file)
        #expect(sentence.hasPrefix("The saving is smaller than a setup because 6 users with no think time keep the 2 servers saturated: a request mostly waits in a server's queue, and a setup overlaps that wait"), "\(sentence)")
        #expect(sentence.contains("answers/s without a pool against") == (file.result.throughput > none.result.throughput))
    }

    @Test func expiredConnectionsAreNotSaidNeverToBite() {
        let report = Self.idle.markdown()
        #expect(report.contains("2 connections expired, idle longer than `keepalive_timeout 60s`: the user thinks 70.000 s on average between requests.\n"))
        #expect(!report.contains("never bites"))
    }

    @Test func poolsThatAreNotSmallerThanTheUsersAreNotCalledSo() {
        let report = Self.idle.markdown()
        #expect(report.contains("**Pools of 4 and 1 idle connections**, against 1 user — keepalive 4: 1.0000 setups per request, 0 evictions, peak idle 1; keepalive 1: 1.0000 setups per request, 0 evictions, peak idle 1."))
        #expect(report.contains("so a cache of 1 covers this traffic; keepalive 4 and keepalive 1 cover it too: none evicted.\n"))
        #expect(!report.contains("A pool smaller than"))
        #expect(!report.contains("The concurrency a pool must cover"))
        #expect(Self.saturated.markdown().contains("**A pool smaller than the 6 users** — "))
    }

    @Test func anOverloadedSweepSaysSoBesideThePool() {
        let report = Self.idle.markdown()
        #expect(report.contains("- **Seed 004's 1,000 concurrent users.** 1,000 users thinking 500.000 ms on average got "))
        #expect(report.contains("the 1 server with 128 slots in all and a mean service time of 1.000 s completes at most 128 requests/s, and these users ask for up to 2,000 — the servers were overloaded before the pool mattered. The pool of 64 idle connections"))
        #expect(!report.contains("1,000 users thinking 500.000 ms on average sent"))
    }

    /// At 1,000 users thinking 500 ms the one-second server is busy, not idle: the saving is not
    /// said to be a whole round trip on idle servers.
    @Test func busyServersAreNotCalledIdle() throws {
        let comparison = Self.idle
        let reference = try #require(comparison.unpooled(.users))
        #expect(KeepaliveComparison.busyShare(reference) >= KeepaliveComparison.saturatedShare)
        let report = comparison.markdown()
        #expect(report.contains("- **Latency saved with users who think between requests.** At 1,000 users thinking between requests, no pooling gave a mean of "))
        #expect(report.contains(" — the servers were busy \(NumberFormat.percent(KeepaliveComparison.busyShare(reference), decimals: 0)) of the time without a pool.\n"))
        #expect(!report.contains("with idle servers a setup adds its whole round trip"))
    }

    @Test func theUsersRowsGroupTheirThousands() {
        let report = Self.idle.markdown()
        #expect(report.contains("| 1,000 users, no pooling |"))
        #expect(report.contains("| 1,000 users             |"))
        #expect(!report.contains("| 1000 users"))
    }
}
