import Reports
import Simulator

/// The job timeline as a Gantt chart: one row per worker, one bar per task attempt from its
/// assignment to its end, coloured by what became of it — a map or reduce attempt that counted,
/// a speculative backup, one that failed (failed, timed out or lost), or one killed (another
/// attempt won, the job ended, the coordinator restarted) or set aside as a duplicate. A completed
/// map whose output was lost afterwards is drawn as what it became (its outcome: failed when
/// reducers could not fetch the output, killed when its worker was lost), up to its completion.
enum JobTimelineChart {
    /// The categories in legend order, with fixed colours so every timeline reads the same.
    static let categories: [GanttChart.Category] = [
        .init("map", color: .blue), .init("reduce", color: .orange), .init("speculative", color: .reddishPurple),
        .init("failed", color: .vermillion), .init("killed or duplicate", color: .grey),
    ]

    /// The category of `attempt`.
    static func category(of attempt: MapReduce.Attempt) -> String {
        switch attempt.outcome {
        case .failed, .timedOut, .lost: return "failed"
        case .killed, .duplicate: return "killed or duplicate"
        case .running, .succeeded: return attempt.speculative ? "speculative" : attempt.task.kind.rawValue
        }
    }

    /// `m3` for map task 3, `r0` for reduce task 0.
    static func label(of task: MapReduce.TaskID) -> String {
        (task.kind == .map ? "m" : "r") + String(task.index)
    }

    /// The chart of `report`'s attempts over `workers` (in node order); an attempt still running
    /// when the job ended is drawn up to the job's end.
    static func chart(_ report: MapReduce.JobReport, workers: [String], title: String) -> GanttChart {
        let jobEnd = report.finishedAt
        let tasks = report.attempts.map { attempt in
            GanttChart.Task(row: attempt.worker.name, start: attempt.start.seconds,
                            end: (attempt.end ?? jobEnd ?? attempt.start).seconds,
                            category: category(of: attempt), label: label(of: attempt.task))
        }
        return GanttChart(title: title, rows: workers, categories: categories, tasks: tasks,
                          size: ChartSize(width: 1000, height: max(300, 120 + 34 * Double(workers.count))))
    }
}
