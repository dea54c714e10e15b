extension TrafficResult {
    /// The seconds timeline.csv and the per-second charts cover, one padding for both: from 0 to
    /// the last second anything was counted in — a server's success, a failure, or (with a
    /// balancer, whose connection peaks run through the run's last second) a connection peak.
    /// A server's own counts end at its last answer: drawn as they were, a server that crashed at
    /// 10 s never dropped to 0, and one that never answered (a spare backup, a crash at 0 s) was
    /// in the legend with no line, while timeline.csv wrote its zeros.
    var timelineSeconds: Int {
        max(servers.map(\.completionsPerSecond.count).max() ?? 0, failuresPerSecond.count,
            balancer?.servers.map(\.connectionsPerSecond.count).max() ?? 0)
    }

    /// `counts` (one per second from 0) over ``timelineSeconds``: 0 in every second after its last.
    func overTimeline(_ counts: [Int]) -> [Int] {
        counts + Array(repeating: 0, count: max(0, timelineSeconds - counts.count))
    }

    /// Where the last second's count stops holding on a chart: the run's end, which lies in that
    /// second (a count holds over its second, and the last second ends with the run).
    var timelineEnd: Double {
        let seconds = Double(timelineSeconds)
        return min(max(virtualSeconds, seconds - 1), seconds)
    }
}
