import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// Lists of a composed world's report.json that grow with the file, bounded at 1,000 entries like
/// the others (checker C1, s74: 4 jobs × 10,000 reducers wrote a 17.9 MB report.json the results
/// page would not read; 100,000 storm faults, 12 MB of `store.storms`).
struct ReportListBoundMoreListsTests {
    static func json(_ text: String) throws -> [String: Any] {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "b.yaml"), seed: nil)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any])
    }

    /// A job of 1,500 reducers writing one object each into a bucket.
    static let wideJob = """
        name: boutputs
        mapreduce:
          cluster: {workers: 2}
          jobs: [{id: wide, name: word-count, reducers: 1500, submit_at: 1s, input: {synthetic: {lines: 3000, seed: 1}}, output: {bucket: out}}]
        object_store:
          buckets: [{name: out}]
        """

    @Test func aJobsOutputObjectsAreBounded() throws {
        let document = try Self.json(Self.wideJob)
        let jobs = try #require((document["mapreduce"] as? [String: Any])?["jobs"] as? [[String: Any]])
        #expect((jobs[0]["outputObjects"] as? [Any])?.count == 1_000)
        #expect(jobs[0]["outputObjectsLeftOut"] as? Int == 500)
        #expect(jobs[0]["backedUpPathsLeftOut"] == nil)
    }

    /// report.md's Output objects table is bounded as report.json's list is, and says how many
    /// more there were and whether any of them is not exact.
    @Test func aJobsOutputObjectsTableIsBounded() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.wideJob, file: "b.yaml"), seed: nil)
        let lines = result.markdown().split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("| s3://out/") }.count == 1_000)
        #expect(lines.contains("… and 500 more objects (report.json's `outputObjectsLeftOut`), 0 of them not exact."))
    }

    @Test func theStoresStormsAreBounded() throws {
        let storms = (1...1_001).map { "  - {at: \($0)s, storm: s3, for: 500ms, rate: 0.5, code: InternalError}" }.joined(separator: "\n")
        let document = try Self.json("name: bstorms\nrun: {duration: 1200s}\nobject_store:\n  buckets: [{name: out}]\nfaults:\n" + storms + "\n")
        let store = try #require(document["store"] as? [String: Any])
        let listed = try #require(store["storms"] as? [[String: Any]])
        #expect(listed.count == 1_000)
        #expect(listed.last?["startSeconds"] as? Double == 1_000)
        #expect(store["stormsLeftOut"] as? Int == 1)
    }
}
