import Testing
@testable import Scenarios
@testable import Simulator

/// The strategy comparison's prose on a small world unlike the shipped file's: every sentence
/// follows the run's figures and the file's balancer and keys.
struct StrategiesProseTests {
    static let world = """
    name: small
    seed: 3
    run:
      duration: 6s
    servers:
      - {name: alpha, count: 3, slots: 2, queue: 200, service_time: {exponential: 10ms}}
    balancer:
      forward_timeout: 300ms
      retries: {tries: 3, on: [error, timeout]}
      passive_health: {max_fails: 1, fail_timeout: 2s}
    workload:
      type: open_loop
      rate: 150
      clients: 50
      keys: {uniform: [1, 1000000]}
      timeout: 5s
    """

    static let comparison: StrategyComparison = {
        let base = try! ScenarioLoader.parse(world, file: "small.yaml")
        return StrategyComparison.run(base, jobs: 1, seedCount: 2)
    }()

    /// The crash-and-back situation is placed by run.duration (half and three quarters): in a 6 s
    /// run at 3 s and 4.5 s, where it was fixed at 20 s and 30 s and never happened in a run
    /// shorter than 20 s.
    @Test func theCrashIsPlacedWithinTheRun() throws {
        let situation = try #require(Self.comparison.situations.last)
        #expect(situation.summary == "alpha2 crashes at 3 s and is back at 4.5 s")
        #expect(situation.scenario.faults.entries.map(\.at.seconds) == [3, 3.5])
        #expect(Self.comparison.markdown().contains("## crash and back: alpha2 crashes at 3 s and is back at 4.5 s\n"))
        let shipped = StrategyComparison.crashWindow(.seconds(40))
        #expect(shipped.crash == .seconds(20) && shipped.restart == .seconds(29) && shipped.back == .seconds(30))
    }

    /// A run too short to hold the crash and the return, or one a request count could end first,
    /// is refused where it is written.
    @Test func aRunThatCannotHoldTheCrashIsRefused() throws {
        let short = try shippedFileRefusal("strategies.yaml", replacing: "  duration: 40s\n", with: "  duration: 4s\n") { _ = try StrategyComparison.loadBase(path: $0) }
        #expect(short == "PATH:10:13: error: the strategy comparison crashes a server at half the run (2.000 s) and has it back, after a 1.000 s boot, at three quarters (3.000 s): a run of 4.000 s leaves it no time down; make run.duration longer than 4.000 s (at run.duration)")
        let counted = try shippedFileRefusal("strategies.yaml", replacing: "  duration: 40s\n", with: "  duration: 40s\n  requests: 20000\n") { _ = try StrategyComparison.loadBase(path: $0) }
        #expect(counted == "PATH:11:13: error: the strategy comparison crashes a server at half run.duration and has it back at three quarters; a request count could end the run before either, so remove run.requests (at run.requests)")
        let fifteen = try shippedFileRefusal("strategies.yaml", replacing: "  duration: 40s\n", with: "  duration: 15s\n") { _ = try StrategyComparison.loadBase(path: $0) }
        #expect(fifteen == "")
    }

    /// One slow server: only the strategies whose p99 reached the per-try timeout are said to be
    /// set by it; a strategy that rotates but stayed under it, and the ones that count connections
    /// but retried a few, are told apart; passive health's max_fails is the file's (one), not "three".
    @Test func theOneSlowParagraphFollowsEachStrategysFigures() {
        let text = Self.comparison.commentary(Self.comparison.situations[2], Self.comparison.cells[2])
        #expect(text == "Lowest p99: `health_based` (60.543 ms); highest: `ip_hash` (323.327 ms). `round_robin`, `weighted_round_robin`, `ip_hash`, `hash` keep sending `alpha2` its share until its queue is longer than the 0.300 s per-try timeout: forwards time out and are retried (14–22 retries), passive health takes it out for fail_timeout after one, and it comes back to fail again. It ends up serving little (`round_robin` 13.4%, `weighted_round_robin` 13.3%, `ip_hash` 10.8%, `hash` 10.5%), yet p99 is the per-try timeout plus a retry. `least_conn`, `least_request`, `health_based`, `hash_bounded` send it fewer requests as its connections pile up or its latency average rises (`least_conn` 16.1%, `least_request` 17.4%, `health_based` 2.9%, `hash_bounded` 20.1%), so nothing times out and p99 stays at 60.543 ms–167.551 ms. `random` keeps sending it its share (`random` 14.2%), but only 5 retries follow the 0.300 s per-try timeout, and p99 stays at 279.295 ms. A health check does not notice a slow server; only the strategy, or a timeout, can.")
    }

    /// Crash and back: max_fails is the file's, the p99.9 is compared with the per-try timeout (not
    /// "about one second"), and only the strategies that count connections are said to.
    @Test func theCrashParagraphFollowsTheFigures() {
        let text = Self.comparison.commentary(Self.comparison.situations[3], Self.comparison.cells[3])
        #expect(text.hasSuffix("No request failed: each forward lost with `alpha2`, or sent to it before it was marked down, timed out after 0.300 s and was retried on another server, which is why the p99.9 of the strategies that retried most is above the per-try timeout. Retries range from 1 to 23: one timed-out forward marks the server down (passive health), but strategies that count connections — `least_conn`, `least_request`, `health_based`, `hash_bounded` — stop choosing the dead server as soon as its unanswered connections pile up, so only a handful of requests ever wait for the timeout. After it is back, its first request after fail_timeout returns it to rotation."))
    }

    /// Identical servers with uniform keys: the Zipf sentence is not printed; the most uneven
    /// strategy is named from the figures (`ip_hash`, 1.26×, ahead of `hash`).
    @Test func theIdenticalParagraphNamesTheMostUnevenStrategyFromTheFigures() {
        let text = Self.comparison.commentary(Self.comparison.situations[0], Self.comparison.cells[0])
        #expect(text.hasSuffix("With identical servers the strategies that count connections or rotate differ little. The most uneven: `ip_hash` leaves its busiest server 1.26× the mean load (utilisation up to 28%); `hash` 1.08×, `hash_bounded` 1.08×."))
        #expect(!text.contains("Zipf"))
    }

    /// The balancer line says the file's retry conditions and counts its tries.
    @Test func theBalancerLineSaysTheFilesRetries() {
        #expect(Self.comparison.markdown().contains("- balancer: per-try timeout 0.300 s, 3 tries on error and timeout, max_fails=1 fail_timeout=2.000 s; the same for every strategy\n"))
        #expect(StrategyComparison.retryConditionsText([.error, .timeout, .http503]) == "error, timeout and http_503")
        #expect(StrategyComparison.retryConditionsText(.http5xx) == "http_5xx")
    }
}
