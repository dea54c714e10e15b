import Reports
import Simulator

extension ScenarioLoader {
    /// Refuses periodic work (heartbeats, polls, syncs, samples) that would wake up more than
    /// `most` times over `span`: `times` sleepers each waking every `interval`. A nanosecond's
    /// interval over a long run otherwise runs for hours before it says anything.
    ///
    /// - Parameters:
    ///   - spanText: how the message names the span (default: its length, `in 30.000s`).
    ///   - remedy: what the message suggests.
    static func checkWakeUps(over span: Duration, every interval: Duration, times: Int = 1, most: Int,
                             at cursor: YAMLCursor, what: String, spanText: String? = nil,
                             remedy: String = "make the interval longer") throws(ScenarioError) {
        let wakeUps = span.seconds / interval.seconds * Double(times)
        guard wakeUps <= Double(most) else {
            let (wakeUpsText, mostText) = NumberText.figures(wakeUps, against: Double(most))
            throw cursor.error(.invalidValue("\(wakeUpsText) \(what) \(spanText ?? "in \(DurationFormat.seconds(span.seconds, grouping: true))") is more than the \(mostText) a run may have; \(remedy)"))
        }
    }
}
