import Testing
@testable import Scenarios
@testable import Simulator

/// The claims report explains its verdicts from the scenario it ran and the figures it measured,
/// never from the seed file's own parameters: edit the file and the prose follows.
struct ClaimsProseTests {
    /// Seed 004's shape with other parameters: four backends, two tries, a 5 s retry budget,
    /// `max_fails=2`, a crash and a half-erring backend.
    static let edited = """
    name: edited
    run:
      duration: 300s
    servers:
      - {name: backend, count: 4, slots: 6, queue: 1000, service_time: {exponential: 25ms}}
    balancer:
      strategy: least_conn
      forward_timeout: 20s
      retries: {tries: 2, on: [error, timeout, http_500], timeout: 5s}
      passive_health: {max_fails: 2, fail_timeout: 20s}
    workload:
      type: closed_loop
      users: 100
      think_time: {exponential: 1s}
    faults:
      - {at: 100s, crash: backend1}
      - {at: 200s, errors: backend2, rate: 0.5, for: 10s}
    """

    @Test func seed004sFailoverProseNamesTheScenariosFaultsTriesAndBudget() throws {
        let scenario = try ScenarioLoader.parse(Self.edited, file: "edited.yaml")
        #expect(Seed004Claims.failoverExplanation(scenario, failed: 7) == "Each request to backend1 after its crash goes unanswered until the 20.000 s proxy timeout; 50% of the requests to backend2 while it errs are answered 500 quickly. A failed try is retried on another backend within the 5.000 s retry budget, up to two tries over four backends, so while at most one of them fails at once a later try finds a healthy one, and 7 requests still failed. Requests that were being served when backend1 crashed waited for the proxy timeout and were then retried the same way.")
    }

    @Test func seed004sFailoverProseWithoutRetriesOrFaults() throws {
        let single = try ScenarioLoader.parse(Self.edited.replacingOccurrences(of: "tries: 2,", with: "tries: 1,"), file: "edited.yaml")
        #expect(Seed004Claims.failoverExplanation(single, failed: 0) == "Each request to backend1 after its crash goes unanswered until the 20.000 s proxy timeout; 50% of the requests to backend2 while it errs are answered 500 quickly. With a single try nothing is retried: every failed forward reaches its client (0 requests failed).")
        var quiet = single
        quiet.faults = FaultSchedule()
        #expect(Seed004Claims.failoverExplanation(quiet, failed: 0) == "The scenario schedules no fault on a backend: there is nothing to fail over from.")
    }

    @Test(arguments: [(3, "With max_fails=3 the 3rd failed forward marks a backend down. Under this load least_conn sends a failing backend requests every few milliseconds (it answers failures fast, so it keeps the fewest connections), so the three failures — and the detection — come within a fraction of a second of the fault."),
                      (1, "With max_fails=1 the 1st failed forward marks a backend down. Under this load least_conn sends a failing backend requests every few milliseconds (it answers failures fast, so it keeps the fewest connections), so the failure — and the detection — come within a fraction of a second of the fault."),
                      (0, "Passive health is off (max_fails 0): no failed forward marks a backend down.")])
    func seed004sDetectionProseCountsMaxFails(maxFails: Int, expected: String) {
        #expect(Seed004Claims.detectionExplanation(maxFails: maxFails) == expected)
    }

    /// Seed 004's overload note said "all three within milliseconds" whatever the figures.
    @Test func seed004sMarkedDownInstantsAreMeasured() {
        #expect(Seed004Claims.together([12.0, 12.0042, 12.0017]) == " — all three within 4.200 ms of each other")
        #expect(Seed004Claims.together([10, 14.5, 11, 12.25]) == " — from 10.000 s to 14.500 s of the run")
        #expect(Seed004Claims.together([10]) == "")
    }

    /// Seed 003's detection prose said "None of the three paths lands in 3–5 s" even when one did.
    @Test func seed003sDetectionProseSaysWhichPathsLandInTheClaimedWindow() {
        let check = ActiveHealthCheck(interval: .seconds(1), timeout: .milliseconds(500), rise: 2, fall: 3)
        let none = Seed003Claims.detectionExplanation(maxFails: 3, timeout: 60, check: ActiveHealthCheck(interval: .seconds(30), timeout: .seconds(2), rise: 2, fall: 3),
                                                       stated: [("host down (no answer)", 60.0), ("process killed (connection refused)", 0.004)])
        #expect(none.hasPrefix("nginx marks a server down at its 3rd failed forward. A killed process refuses connections, so three refusals come back"))
        #expect(none.hasSuffix("detect a host that answers nothing between 66.000 s and 96.000 s after the failure. Only process killed (connection refused) detects within the claim's 5 s. The claimed 3–5 s promises detection within 5 s, so process killed (connection refused), faster than 3 s, keeps it."))
        let oneLands = Seed003Claims.detectionExplanation(maxFails: 2, timeout: 4, check: check, stated: [("host down (no answer)", 4.0), ("process killed (connection refused)", 0.003)])
        #expect(oneLands.hasPrefix("nginx marks a server down at its 2nd failed forward. A killed process refuses connections, so two refusals come back"))
        #expect(oneLands.hasSuffix("between 3.500 s and 4.500 s after the failure. All three detect within the claim's 5 s. The claimed 3–5 s promises detection within 5 s, so process killed (connection refused), faster than 3 s, keeps it."))
        let noChecks = Seed003Claims.detectionExplanation(maxFails: 0, timeout: 4, check: nil, stated: [("host down (no answer)", nil)])
        #expect(noChecks == "Passive health is off (max_fails 0): failed forwards mark no server down. No health check runs. It does not detect within the claim's 5 s.")
    }

    @Test func leastConnsSpreadOfConnections() {
        #expect(Seed003Claims.spread(10, over: 3) == "4/3/3")
        #expect(Seed003Claims.spread(2, over: 3) == "1/1/0")
        #expect(Seed003Claims.spread(12, over: 4) == "3/3/3/3")
    }
}
