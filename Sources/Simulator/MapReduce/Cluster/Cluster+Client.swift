extension MapReduce.Cluster {
    /// The client of one job: plans log splits, submits, polls until the job ends, fetches the
    /// report, and for a consumer-group read commits the group's offsets after a success. Every
    /// call to the coordinator is retried until it gets through (it may be down or cut off for a
    /// while) — until the coordinator has not answered for ``coordinatorWait``, when the client
    /// gives up and the job is refused; the calls to the log, within ``logAPITimeout``.
    func runClient(_ request: MapReduce.JobRequest, plannedSplits: [MapReduce.Split]?, handle: MapReduce.JobHandle) async {
        let submittedAt = simulation.now
        var splits = plannedSplits ?? []
        var endOffsets: [Int] = []
        if case .log(let topic, let group, let recordsPerSplit) = request.input {
            let planned: (from: [Int], to: [Int])
            do {
                planned = try await logRange(topic: topic, group: group)
            } catch {
                handle.reject(.inputUnavailable(error.explanation(within: Self.logAPITimeout)))
                return
            }
            endOffsets = planned.to
            handle.plan(logRange: planned)
            // Never empty: a topic has a partition at least, and an empty range is one empty split
            // (``MapReduce/InputSplitter/splits(topic:from:to:recordsPerSplit:)``), so a job over
            // nothing succeeds with an empty output, as over an empty file.
            splits = MapReduce.InputSplitter.splits(topic: topic, from: planned.from, to: planned.to, recordsPerSplit: recordsPerSplit)
        }
        let submission = request.submission(splits: splits)
        guard await callCoordinator({ await $0.submit(submission) }) != nil else {
            return giveUp(request.id, submittedAt: submittedAt, handle: handle)
        }
        var lastAnswer = simulation.now
        while true {
            guard await simulation.sleepUnlessTornDown(for: configuration.pollInterval) else { return }
            let coordinator = coordinator
            let status = try? await network.call(from: clientID, to: coordinator.id, timeout: configuration.callTimeout) {
                await coordinator.status(of: request.id)
            }
            if let status {
                if status.isFinished { break }
                lastAnswer = simulation.now
            } else if simulation.now >= lastAnswer.advanced(by: Self.coordinatorWait) {
                return giveUp(request.id, submittedAt: submittedAt, handle: handle)
            }
        }
        guard let answered = await callCoordinator({ await $0.report(of: request.id) }) else {
            return giveUp(request.id, submittedAt: submittedAt, handle: handle)
        }
        var report = answered
        if case .log(let topic, let group?, _) = request.input, report?.status == .succeeded {
            // As Kafka's `commitSync`, which throws a TimeoutException once
            // `default.api.timeout.ms` has passed: the job's output stands (it is committed), but
            // the group's offsets are not, and a rerun reads the same records again — the job
            // succeeds and its report says so (``JobReport/offsetCommitFailure``). It retried
            // without a bound, and a log down for good kept the job from ever ending.
            let offsets = endOffsets.enumerated().map { LogPosition(partition: $0.offset, offset: $0.element) }
            do {
                try await retryingLog(until: simulation.now.advanced(by: Self.logAPITimeout)) { log throws(LogError) in
                    try log.commitStandalone(group: group, topic: topic, offsets: offsets)
                }
                handle.markOffsetsCommitted()
            } catch {
                report?.offsetCommitFailure = error.explanation(within: Self.logAPITimeout)
            }
        }
        if let report { handle.finish(report) }
    }

    /// The client gives up on the job: it is refused as ``MapReduce/SubmissionError/coordinatorUnreachable(_:)``,
    /// and observed as a `job given up` span from its submission to now, outcome `failed: client gave
    /// up` (report.md's "failed (client gave up)"), so
    /// that a trace and the metrics end the job where every report does (the coordinator's own
    /// `job` span said `succeeded` for a job done just before it died for good, and a job it
    /// died in the middle of had none). It is observed on the coordinator's node, though the
    /// client gave up: it stands for the job's span, which a trace draws on the coordinator's
    /// track with every finished or failed job's (on the client's, a given-up job was the only job
    /// on a track of its own). An observation only: the digest is unchanged.
    private func giveUp(_ jobID: String, submittedAt: VirtualInstant, handle: MapReduce.JobHandle) {
        handle.reject(.coordinatorUnreachable(Self.coordinatorWait))
        simulation.observeSpan(.mapreduce, coordinator.id.name, Self.gaveUpSpan, from: submittedAt, detail: jobID, subject: Observation.Subject(.job(jobID)),
                               outcome: "failed: client gave up")
    }

    /// The name of the span a job's client observes when it gives up (``giveUp(_:submittedAt:handle:)``).
    public static let gaveUpSpan = "job given up"

    /// How long a job's client keeps asking a log that does not answer: Kafka's
    /// `default.api.timeout.ms` (60 s), which bounds the consumer's `endOffsets` and `committed`
    /// calls an input format makes while it computes the splits — the job is then refused (its
    /// client's `getSplits` throws), not planned at the run's time limit — and its `commitSync`
    /// of the group's offsets after the job.
    static let logAPITimeout = Duration.seconds(60)

    /// How long a job's client keeps calling a coordinator that does not answer before it gives
    /// up: YARN's `yarn.resourcemanager.connect.max-wait.ms` (15 minutes), after which Hadoop's
    /// job client throws instead of waiting on. A coordinator crashed for good kept a job's
    /// client — and so its world — running to the time limit (R1's `stuck2.yaml`: a job done at
    /// 5.993 s, the coordinator crashed at 6 s, the run stopped at 3,606 s).
    static let coordinatorWait = Duration.seconds(15 * 60)

    /// The range of `topic` to read: from the group's committed offsets (or the start) to the end
    /// offsets now; a timeout when the log did not answer within ``logAPITimeout``.
    private func logRange(topic: String, group: String?) async throws(LogClientError) -> (from: [Int], to: [Int]) {
        let deadline = simulation.now.advanced(by: Self.logAPITimeout)
        let end = try await retryingLog(until: deadline) { log throws(LogError) in try log.endOffsets(of: topic) }
        guard let group else { return (Array(repeating: 0, count: end.count), end) }
        return (try await retryingLog(until: deadline) { log throws(LogError) in try log.committedOffsets(group: group, topic: topic) }, end)
    }

    /// Calls the log until the call gets through or, once a call has failed past `deadline`,
    /// throws a timeout — as Kafka's consumer throws a TimeoutException when its API timeout has
    /// passed, whatever kept its calls from getting through; a refusal by the log is final.
    private func retryingLog<Answer: Sendable>(
        until deadline: VirtualInstant,
        _ body: @escaping @Sendable (isolated PartitionedLog) throws(LogError) -> Answer
    ) async throws(LogClientError) -> Answer {
        while true {
            do {
                return try await network.callLog(from: clientID, log: log, timeout: configuration.callTimeout, body)
            } catch .network {
                if simulation.now >= deadline { throw .network(.timeout) }
                await simulation.sleep(for: configuration.pollInterval)
            }
        }
    }

    /// Calls the coordinator until the call gets through, waiting a poll interval between tries.
    private func callCoordinator<Answer: Sendable>(
        _ body: @escaping @Sendable (MapReduce.Coordinator) async -> Answer
    ) async -> Answer? {
        let coordinator = coordinator
        let deadline = simulation.now.advanced(by: Self.coordinatorWait)
        while true {
            if let answer = try? await network.call(from: clientID, to: coordinator.id, timeout: configuration.callTimeout, {
                await body(coordinator)
            }) {
                return answer
            }
            if simulation.now >= deadline { return nil }
            await simulation.sleep(for: configuration.pollInterval)
        }
    }
}
