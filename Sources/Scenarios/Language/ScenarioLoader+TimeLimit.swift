import Reports
import Simulator

extension ScenarioLoader {
    /// Refuses what the file schedules after the run's time limit, at the line that schedules it:
    /// a fault, a job's `submit_at`, a restore, or a `run.duration` longer than the limit. Each
    /// would never happen (the run stops at the limit), and a job, a restore or the clients still
    /// due then made the run stop early and fail, where a fault there was refused at load.
    static func checkScheduledWithinTimeLimit(_ scenario: Scenario, top: YAMLMapping) throws(ScenarioError) {
        let limit = scenario.limits.timeLimit
        let horizon = VirtualInstant.after(limit)
        if let faultsCursor = top["faults"] {
            for (index, item) in try faultsCursor.list().enumerated() {
                guard let at = try item.openMapping()["at"], VirtualInstant.after(try at.duration()) > horizon else { continue }
                throw at.error(.invalidValue(pastTimeLimit("fault \(index + 1) comes", limit: limit)))
            }
        }
        for (index, job) in (scenario.mapreduce?.jobs ?? []).enumerated() where VirtualInstant.after(job.submitAt) > horizon {
            throw budgetCursor("mapreduce.jobs.\(index).submit_at", in: top).error(.invalidValue(
                pastTimeLimit("job '\(job.id.excerpt)' (\(job.spec.name)) is submitted", limit: limit, outcome: "would never run", remedy: "submit it earlier or raise run.time_limit")))
        }
        for (index, restore) in (scenario.backup?.restores ?? []).enumerated() where VirtualInstant.after(restore.at) > horizon {
            throw budgetCursor("backup.restores.\(index).at", in: top).error(.invalidValue(pastTimeLimit("restore \(index + 1) comes", limit: limit)))
        }
        if let duration = scenario.limits.duration, duration > limit {
            throw budgetCursor("run.duration", in: top).error(.invalidValue(
                "run.duration (\(seconds(duration))) ends after the run's time limit (\(seconds(limit))), which would stop the run first; shorten it or raise run.time_limit"))
        }
    }

    /// The refusal of something `subject` schedules past the run's time `limit`: "fault 1 comes
    /// after the run's time limit (3,600.000 s) and would never happen; move it earlier or raise
    /// run.time_limit".
    static func pastTimeLimit(_ subject: String, limit: Duration, outcome: String = "would never happen",
                              remedy: String = "move it earlier or raise run.time_limit") -> String {
        "\(subject) after the run's time limit (\(seconds(limit))) and \(outcome); \(remedy)"
    }

    /// A duration as the refusals write it: `3,600.000 s`.
    private static func seconds(_ duration: Duration) -> String {
        DurationFormat.seconds(duration.seconds, grouping: true)
    }
}
