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

    /// Refuses a log or queue producer whose last send, later by the time the file's crashes and
    /// restarts hold its node down (``ProducerRetries/delayed(_:of:from:in:)``), would come past
    /// the 100 years a run may last (``YAMLCursor/maximumSeconds``), at the producer's entry. Its
    /// rate keeps it within them (``parseLogSection(_:)``), but a downtime could not: 100 records
    /// due over 100 years, the node crashed at 1 s and restarted at 100 years booting 100 years,
    /// ended at the virtual clock's last nanosecond (~292 years) and trapped writing the report.
    static func checkProducersWithinLongestRun(_ scenario: Scenario, top: YAMLMapping) throws(ScenarioError) {
        func refuse(_ section: String, _ name: String, _ what: String, due: Double, end: Double) -> ScenarioError {
            budgetCursor(section, in: top).error(.invalidValue(
                "producer '\(name.excerpt)' would send its last \(what) at \(DurationFormat.seconds(end, grouping: true)), "
                + "its node held down \(DurationFormat.seconds(end - due, grouping: true)) by the file's crash and restart faults before then: "
                + "past the 100 years (\(NumberFormat.integer(Int(YAMLCursor.maximumSeconds))) s) a run may last; restart its node sooner or shorten its boot_time"))
        }
        for (index, producer) in (scenario.log?.producers ?? []).enumerated() {
            let end = ProducerRetries.delayed(producer.end, of: producer.id, from: producer.start, in: scenario)
            // Exactly: `Duration.seconds` holds at `Int64` nanoseconds (~292 years).
            let seconds = Double(end.components.seconds) + Double(end.components.attoseconds) / 1e18
            guard seconds > YAMLCursor.maximumSeconds else { continue }
            throw refuse("log.producers.\(index)", producer.id.name, "record", due: producer.end.seconds, end: seconds)
        }
        for (index, producer) in (scenario.queue?.producers ?? []).enumerated() {
            let due = producer.start.seconds + Double(max(producer.messages - 1, 0)) / max(producer.rate, 1e-300)
            let end = ProducerRetries.delayed(seconds: due, of: producer.id, from: producer.start, in: scenario)
            guard end > YAMLCursor.maximumSeconds else { continue }
            throw refuse("queue.producers.\(index)", producer.id.name, "message", due: due, end: end)
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
