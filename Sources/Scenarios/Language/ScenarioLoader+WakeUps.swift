import Simulator

extension ScenarioLoader {
    /// Refuses periodic work (heartbeats, polls, syncs, samples) that would wake up more than
    /// `most` times over `span`: `times` sleepers each waking every `interval`. A nanosecond's
    /// interval over a long run otherwise runs for hours before it says anything.
    static func checkWakeUps(over span: Duration, every interval: Duration, times: Int = 1, most: Int,
                             at cursor: YAMLCursor, what: String) throws(ScenarioError) {
        let wakeUps = span.seconds / interval.seconds * Double(times)
        guard wakeUps <= Double(most) else {
            throw cursor.error(.invalidValue("\(NumberText.approximate(wakeUps)) \(what) in \(span.formattedSeconds) is more than the \(most) a run may have; make the interval longer"))
        }
    }
}
