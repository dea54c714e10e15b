import Reports

extension ScenarioLoader {
    /// The files a world's report writes in its directory beside the jobs' folders
    /// (``RunResult/bundle(formats:)``, the balancer's ``TrafficResult/addCharts(to:in:)`` and
    /// ``TrafficResult/addTables(to:in:timeline:)``): a job writes `<id>/timeline.svg`,
    /// `<id>/attempts.csv` and `<id>/output.tsv`, so a job id that is one of these names asks for a
    /// folder where a file goes. The only per-name folders a world's report writes are the jobs'.
    static let worldReportFileNames = [
        "report.md", "report.json", "timeline.svg", "timeline.csv", "metrics.csv", "servers.csv", "results.jsonl",
        "throughput.svg", "connections.svg", "summary.csv", "balancer-timeline.csv", "events.csv",
    ]

    /// Refuses `id`, the job's id at `at`, when it would name the same folder as an earlier job's
    /// on a file system that ignores letter case (macOS's and Windows' by default: `job-a` and
    /// `JOB-A`), or a file the world's report writes (``worldReportFileNames``). Both passed
    /// `validate`, ran the whole world, and were refused only when the report was written, with
    /// no position.
    static func checkJobID(_ id: String, at: YAMLCursor, earlier: [MapReduceSection.Job]) throws(ScenarioError) {
        let folded = id.lowercased()
        if let twin = earlier.first(where: { $0.id.lowercased() == folded }) {
            throw at.error(.invalidValue(twin.id == id
                ? "job '\(id.excerpt)' is defined twice"
                : "job ids '\(twin.id.excerpt)' and '\(id.excerpt)' differ only in letter case, and each job's files go in a folder named by its id: a file system that ignores case (macOS's, Windows') holds one folder for both; rename one"))
        }
        if worldReportFileNames.contains(folded) {
            throw at.error(.invalidValue(
                "job id '\(id.excerpt)' is the name of a file the world's report writes (\(worldReportFileNames.joined(separator: ", "))), and the job's files go in a folder named by its id; choose another id"))
        }
    }
}
