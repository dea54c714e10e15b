extension MapReduce.Coordinator {
    /// Shows how the coordinator judged `attempt`, which it has just ended while it ran: an
    /// instant on the attempt's worker named `map attempt judged` or `reduce attempt judged`,
    /// whose outcome is the first word of the judgement — `succeeded`, `duplicate`, `failed`,
    /// `timed out`, `lost` or `killed`. Each attempt is judged once, so these count the job
    /// report's attempts as the report does (a late answer keeps its attempt's declared outcome;
    /// a killed attempt whose late completion wins after all stays counted as killed).
    ///
    /// The worker's own span of the attempt says what the worker saw; only the coordinator knows
    /// whether a completion was a duplicate, an attempt timed out, or a failure was the task's.
    func observeJudgement(of attempt: MapReduce.Attempt, of jobID: String) {
        guard let observer = simulation.observer, !simulation.isTornDown else { return }
        let judgement = attempt.outcome.description
        observer.observe(Observation(
            time: simulation.now, shape: .instant, subsystem: .mapreduce, node: attempt.worker.name,
            name: attempt.task.kind == .map ? "map attempt judged" : "reduce attempt judged",
            detail: "\(jobID)/\(attempt.task)#\(attempt.number) \(judgement)",
            outcome: String(judgement.prefix { $0 != ":" })))
    }
}
