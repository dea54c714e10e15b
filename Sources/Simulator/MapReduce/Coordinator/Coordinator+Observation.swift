extension MapReduce.Coordinator {
    /// Shows how the coordinator judged `attempt`, which it has just ended while it ran: an
    /// instant on the attempt's worker named `map attempt judged` or `reduce attempt judged`,
    /// whose outcome is the first word of the judgement — `succeeded`, `duplicate`, `failed`,
    /// `timed out`, `lost` or `killed`. Each attempt is judged once, so these count the job
    /// report's attempts as the report does (a late answer keeps its attempt's declared outcome;
    /// a killed attempt whose late completion wins after all stays counted as killed). A
    /// completed map whose output is lost afterwards keeps its `succeeded` judgement here and is
    /// shown again by ``observeRejudgement(of:of:)``.
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

    /// Shows that the coordinator judged `attempt` again after it had completed its task — its
    /// output was lost afterwards (``MapReduce/Attempt/rejudgement``): an instant on the attempt's
    /// worker named `map attempt rejudged`, whose outcome is what the attempt became, `failed`
    /// (reducers could not fetch its output) or `killed` (its worker was lost or restarted). The
    /// attempt's first judgement (`succeeded`) was shown when it completed and stands: an
    /// observer counting judgements counts these apart.
    func observeRejudgement(of attempt: MapReduce.Attempt, of jobID: String) {
        guard let observer = simulation.observer, !simulation.isTornDown, let rejudgement = attempt.rejudgement else { return }
        observer.observe(Observation(
            time: simulation.now, shape: .instant, subsystem: .mapreduce, node: attempt.worker.name,
            name: attempt.task.kind == .map ? "map attempt rejudged" : "reduce attempt rejudged",
            detail: "\(jobID)/\(attempt.task)#\(attempt.number) \(attempt.outcomeDescription)",
            outcome: rejudgement.kind.rawValue))
    }
}
