import Testing
@testable import Scenarios
@testable import Simulator

/// Checker V2, finding 2 (session 82): the MapReduce recovery claim judged under a 5 s worker
/// timeout read "holds" and its seed study "holds in 30 of 30 seeds", under 25 s "does not hold",
/// neither flagged, though seed 001 states "Heartbeat-based failure detection (15s timeout)". The
/// MapReduce claims now take the claims experiment's rule (``ClaimDeviation``): each claim names
/// the settings it is stated under, and a file that changes one of them gets the same flag and
/// words on that claim alone.
struct MapReduceStatedSettingsTests {
    static let m = Seed001ClaimsTableTests.measurements
    static let claims = Seed001Claims()

    static func settings(workers: Int = 4, mapSlots: Int = 1, reducers: Int = 2, workerTimeout: Duration = .seconds(15)) -> Seed001StatedSettings {
        Seed001StatedSettings(workers: workers, mapSlotsPerWorker: mapSlots, reducers: reducers, workerTimeout: workerTimeout)
    }

    /// Which rows each changed setting flags, by index in the table's order (parallelism, one
    /// worker, 4 workers, linear, map task, recovery, combiner, end-to-end).
    static func flagged(_ settings: Seed001StatedSettings) -> [Int] {
        Seed001ClaimsTable.rows(claims, m, settings: settings).enumerated().filter { !$0.element.testedAsStated }.map(\.offset)
    }

    @Test func eachChangedSettingFlagsTheClaimsThatDependOnItAlone() {
        #expect(Self.flagged(Self.settings()) == [])
        #expect(Self.flagged(Self.settings(workerTimeout: .seconds(5))) == [5])
        #expect(Self.flagged(Self.settings(workerTimeout: .seconds(25))) == [5])
        #expect(Self.flagged(Self.settings(workers: 8)) == [0, 7])
        #expect(Self.flagged(Self.settings(reducers: 3)) == [0, 7])
        #expect(Self.flagged(Self.settings(mapSlots: 2)) == [0, 1, 2, 3, 7])
        // As the file's claims state them: 3 mappers and 3 reducers on 3 workers are as stated.
        #expect(Seed001StatedSettings(workers: 3, mapSlotsPerWorker: 1, reducers: 3, workerTimeout: .seconds(15))
            .deviations([.workers, .mapSlots, .reducers, .workerTimeout], claims: Seed001Claims(mappers: 3, reducers: 3)) == [])
        #expect(Self.settings(workers: 8, mapSlots: 2, reducers: 3, workerTimeout: .seconds(5)).deviations([.workers, .mapSlots, .reducers, .workerTimeout], claims: Self.claims) == [
            .init(file: "8 workers", claimed: "4", stated: "4 workers"),
            .init(file: "2 map slots per worker", claimed: "1", stated: "1 map slot per worker"),
            .init(file: "R = 3", claimed: "2", stated: "R = 2"),
            .init(file: "worker_timeout 5.000 s", claimed: "15 s", stated: "worker_timeout 15 s"),
        ])
    }

    /// The recovery row under the checker's 5 s worker timeout: the claims experiment's verdict
    /// and words, the runs' own why after them; neither claims.csv nor report.json says it holds.
    @Test func aChangedWorkerTimeoutLeavesTheRecoveryClaimNotTestedAsStated() {
        let asStated = Seed001ClaimsTable.rows(Self.claims, Self.m)
        let rows = Seed001ClaimsTable.rows(Self.claims, Self.m, settings: Self.settings(workerTimeout: .seconds(5)))
        let row = rows[5]
        #expect(row.verdict == "**not tested as stated**")
        #expect(row.measuredHolds == nil && row.holds)
        #expect(row.why == "The file sets worker_timeout 5.000 s (the claim: 15 s): its runs do not test the claim as stated, and what follows is what they show. " + asStated[5].why)
        #expect(row.toHold == "To test the claim as stated, run it with worker_timeout 15 s.")
        #expect(row.simulated == asStated[5].simulated && row.criterion == asStated[5].criterion)
        // Every other row is as the runs judged it.
        #expect(Array(rows[..<5]) == Array(asStated[..<5]) && Array(rows[6...]) == Array(asStated[6...]))
        #expect(asStated[5].verdict == "holds" && asStated[5].toHold.isEmpty && asStated[5].measuredHolds == true)
    }

    /// A claim the run did not measure stays "not measured": there is nothing to flag.
    @Test func anUnmeasuredClaimIsNotFlagged() {
        var m = Self.m
        m.crashedWorkerHeldTask = false
        let row = Seed001ClaimsTable.rows(Self.claims, m, settings: Self.settings(workerTimeout: .seconds(5)))[5]
        #expect(row.verdict == "not measured" && row.testedAsStated && row.toHold.isEmpty)
    }

    /// The report: the claims section opens as the claims experiment's report does, the why
    /// bullet carries what would make it hold, and the seed study's share is said to be no verdict.
    @Test func theReportSaysWhichClaimIsNotTestedAsStated() {
        let row = Seed001ClaimsTable.rows(Self.claims, Self.m, settings: Self.settings(workerTimeout: .seconds(5)))[5]
        #expect(ClaimDeviation.untested([ClaimDeviation.under("“\(row.claim)”", row.changedSettings)])
            == "“failure detected and task rescheduled” under worker_timeout 5.000 s (the claim: 15 s) — that claim is *not tested as stated*")
        #expect(MapReduceSeedStudy.untestedNote(row.changedSettings)
            == " — under the file's worker_timeout 5.000 s (the claim: 15 s), not the claim's settings, so this share of seeds is not the claim's verdict: the claim is *not tested as stated*")
        #expect(MapReduceSeedStudy.untestedNote([]) == "")
        #expect(MapReduceSeedStudy.claimJudged.values.sorted() == ["end-to-end job time", "failure detected and task rescheduled"])
        #expect(Seed001ClaimsTable.rows(Self.claims, Self.m).map(\.claim).filter { MapReduceSeedStudy.claimJudged.values.contains($0) }.count == 2)
    }

    /// The checker's file, shrunk: a 5 s worker timeout (sc2), and `worker-1` crashed mid-task
    /// (its first map task, of 15,000 events, starts at 1.0005 s), one study seed.
    static let shortTimeout = """
        experiment: mapreduce
        seed: 9
        cluster: {workers: 3, map_slots: 1, reduce_slots: 1, policy: {worker_timeout: 5s}}
        job: {name: word-count, reducers: 3, combiner: true}
        input:
          synthetic: {lines: 60000, seed: 1}
          log: {topic: application-logs, partitions: 4, records_per_split: 20000}
        scaling:
          mappers: [1, 3, 5]
          input:
            synthetic: {lines: 9000, seed: 2}
            log: {topic: application-logs, partitions: 4, records_per_split: 1000}
        straggler: {worker: worker-3, factor: 2}
        failure: {crash: worker-1, at: 1100ms}
        lab_chaos:
          attempts: {crash_probability: 0.33, stall_probability: 0.33, stall_length: {uniform: {min: 0s, max: 10s}}}
          max_attempts: 20
          input:
            synthetic: {lines: 3000, seed: 3}
            log: {topic: application-logs, partitions: 4, records_per_split: 1000}
        claims: {mappers: 3, reducers: 3, linear_up_to: 5}
        """

    @Test func theCheckersFileIsFlaggedInEveryOutput() throws {
        let spec = try #require(try parseExperiment(Self.shortTimeout) as? MapReduceExperiment).spec
        let result = MapReduceExperiment.run(spec, jobs: 2, studySeeds: 1)
        let row = try #require(result.claims.first { $0.claim == "failure detected and task rescheduled" })
        #expect(row.verdict == "**not tested as stated**")
        #expect(result.claims.filter { !$0.testedAsStated }.map(\.claim) == ["failure detected and task rescheduled"])
        let report = result.markdown(spec: spec)
        #expect(report.contains("## Seed 001's claims\n\nEach claim is checked under the settings seed 001 states, except where the file sets one otherwise: “failure detected and task rescheduled” under worker_timeout 5.000 s (the claim: 15 s) — that claim is *not tested as stated*.\n\n"))
        #expect(report.contains("- **failure detected and task rescheduled** (not tested as stated): The file sets worker_timeout 5.000 s (the claim: 15 s): its runs do not test the claim as stated, and what follows is what they show. "))
        #expect(report.contains(" **What would make it hold:** To test the claim as stated, run it with worker_timeout 15 s.\n"))
        #expect(report.contains(", not the claim's settings, so this share of seeds is not the claim's verdict: the claim is *not tested as stated*.\n"))
        #expect(result.claimsCSV().contains("\nfailure detected and task rescheduled,5–15 s,"))
        #expect(result.claimsCSV().contains("(sooner than 5 s keeps the claim too),,\"The file sets worker_timeout 5.000 s (the claim: 15 s): its runs do not test the claim as stated"))
        let json = result.json(spec: spec)
        #expect(json.contains("\"holds\" : null,\n      \"measured\" : true,\n      \"notTestedAsStated\" : [\n        \"worker_timeout 5.000 s (the claim: 15 s)\"\n      ],\n"))
        #expect(json.components(separatedBy: "notTestedAsStated").count == 2)
    }
}
