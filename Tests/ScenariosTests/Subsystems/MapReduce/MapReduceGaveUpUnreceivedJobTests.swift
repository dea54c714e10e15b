import Foundation
import Testing
@testable import Scenarios

/// A job submitted after the coordinator crashed for good: its client gave up with no report
/// from the coordinator. It had no Job table and no `status` in report.json, where a job the
/// coordinator had received before the crash read `failed (client gave up)` in both; README says
/// the Job table reads so. Both now say it.
struct MapReduceGaveUpUnreceivedJobTests {
    static let world = """
        name: stuck2
        run: {duration: 20s}
        mapreduce:
          cluster: {workers: 2}
          jobs: [{name: word-count, reducers: 1, submit_at: 1s, input: {synthetic: {lines: 100}}}, {name: word-count, id: j2, reducers: 1, submit_at: 0.1s, input: {synthetic: {lines: 100}}}]
        faults: [{at: 0.5s, crash: coordinator}]

        """

    @Test func aJobTheCoordinatorNeverReceivedHasTheGaveUpStatus() throws {
        let result = try MapReduceHardFailureTests.run(Self.world)
        #expect(result.jobs.map(\.id) == ["job-1", "j2"])
        #expect(result.jobs.map { $0.result.run.report == nil } == [true, false])
        #expect(result.jobs.map(\.result.clientGaveUp) == [true, true])

        let markdown = result.markdown()
        let unreceived = try #require(markdown.range(of: "# MapReduce job `job-1`")).upperBound
        let received = try #require(markdown.range(of: "# MapReduce job `j2`")).lowerBound
        let section = markdown[unreceived..<received]
        #expect(section.hasSuffix("""
            ### Job

            | figure                     |                   value |
            | -------------------------- | ----------------------: |
            | status                     | failed (client gave up) |
            | map tasks × reduce tasks   |                       — |
            | makespan (received → done) |                       — |
            | map phase                  |                       — |
            | reduce phase               |                       — |

            The coordinator has no record of the job: it never answered the job's client, so there are no attempts or shuffle to show.



            """), "\(section)")
        #expect(markdown[received...].contains("| status                     | failed (client gave up) |\n| map tasks × reduce tasks   |                   1 × 1 |"))

        let json = try #require(JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any])
        let jobs = try #require((json["mapreduce"] as? [String: Any])?["jobs"] as? [[String: Any]])
        #expect(jobs.map { $0["id"] as? String } == ["job-1", "j2"])
        #expect(jobs.map { $0["status"] as? String } == ["failed (client gave up)", "failed (client gave up)"])
        #expect(jobs[0]["succeeded"] as? Bool == false)
    }
}
