import Simulator

extension World {
    /// The cluster on the world's network, sharing its log.
    func buildMapReduce() {
        guard let section = scenario.mapreduce else { return }
        cluster = MapReduce.Cluster(network: network, configuration: section.cluster, log: log, clientID: jobClientID)
        jobs = section.jobs.map(WorldJob.init)
        if let store, scenario.mapreduce?.jobs.contains(where: { $0.output.bucket != nil || isObjectInput($0) }) == true,
           let storeSection = scenario.store {
            jobStoreClient = ObjectStoreClient(jobClientID, store: store, network: network, timeout: storeSection.clientTimeout,
                                               retryPolicy: storeSection.retry)
        }
    }

    private func isObjectInput(_ job: MapReduceSection.Job) -> Bool {
        if case .objects = job.input { return true }
        return false
    }

    /// Each job's client: waits for its time, gets the submission through the balancer when asked
    /// to, gathers its input, submits it, waits for its end, then writes its output to the store
    /// and to the backup manager's data.
    func startJobs() {
        guard let cluster else { return }
        for job in jobs {
            simulation.spawn("job.\(job.spec.id)") { _ in
                await self.runJob(job, on: cluster)
            }
        }
    }

    private func runJob(_ job: WorldJob, on cluster: MapReduce.Cluster) async {
        await simulation.sleep(until: .after(job.spec.submitAt))
        if job.spec.throughBalancer {
            guard await submitThroughBalancer(job) else { return }
        }
        guard let input = await gatherInput(job, cluster: cluster) else { return }
        let request = MapReduce.JobRequest(id: job.spec.id, job: job.spec.spec.job, input: input, reducers: job.spec.spec.reducers,
                                           combining: job.spec.spec.combining, reduceSlowstart: job.spec.spec.reduceSlowstart)
        job.submittedAt = simulation.now
        let handle: MapReduce.JobHandle
        do {
            handle = try cluster.submit(request)
        } catch {
            job.rejection = error.description
            return
        }
        job.handle = handle
        while !handle.isDone { await simulation.sleep(for: cluster.configuration.pollInterval) }
        if case .topic(let topic, _, _) = job.spec.input, let range = handle.logRange, let log {
            job.records = await Self.records(of: topic, range: range, in: log)
            job.topicRange = range
            job.inputBytes = job.records.reduce(0) { $0 + $1.line.count }
        }
        guard let output = handle.output else { return }
        await writeOutput(job, output: output)
    }

    /// `POST jobs` through the balancer to a server on the coordinator's host, retried with
    /// exponential backoff (100 ms doubling to 10 s) until one is accepted, at most
    /// ``submissionTries`` times.
    private func submitThroughBalancer(_ job: WorldJob) async -> Bool {
        guard let balancer else { return true }
        let target = BalancedServers(network: network, balancer: balancer)
        var delay = Duration.milliseconds(100)
        let index = jobs.firstIndex { $0 === job } ?? 0
        for attempt in 1...Self.submissionTries {
            job.gatewayAttempts = attempt
            let request = Request(id: Self.submissionID(job: index, attempt: attempt), path: "jobs", key: UInt64(job.spec.line), client: jobClientID)
            if let response = try? await target.send(request, timeout: .seconds(5)), response.isSuccess { return true }
            await simulation.sleep(for: delay)
            delay = min(delay * 2, .seconds(10))
        }
        job.rejection = "the balancer refused the submission \(Self.submissionTries) times"
        return false
    }

    /// The tries of a job's submission through the balancer.
    static let submissionTries = 60

    /// The request id of try `attempt` (from 1) to submit the world's job number `job` (from 0):
    /// 1,000,000,000 + 100 × job + attempt, so that the trace tells apart the submissions of
    /// jobs submitted at once (every job's first try was `#1000000001`), above any client
    /// request's id (a world has fewer than 10⁹ requests).
    static func submissionID(job: Int, attempt: Int) -> UInt64 {
        1_000_000_000 + 100 * UInt64(job) + UInt64(attempt)
    }

    /// The job's input, and the records the oracle reads (for a topic, once the job has planned
    /// its range).
    private func gatherInput(_ job: WorldJob, cluster: MapReduce.Cluster) async -> MapReduce.JobInput? {
        switch job.spec.input {
        case .documents(let input):
            let documents = input.documents()
            job.records = MapReduceInput.records(of: documents, log: input.log)
            // Through a topic the input is the records' values (no line ends), as for a job
            // reading a topic; read directly, it is the files' bytes.
            job.inputBytes = input.log == nil ? documents.reduce(0) { $0 + $1.bytes.count } : job.records.reduce(0) { $0 + $1.line.count }
            if let topic = input.log {
                // The lines of `job.records`, which hold the documents' lines in order.
                let lines = job.records.map { Array($0.line) }
                do {
                    try await cluster.log.createTopic(topic.topic, partitions: topic.partitions)
                    try await cluster.log.append(to: topic.topic, values: lines)
                } catch {
                    job.rejection = "the input could not be published to topic '\(topic.topic)': \(error)"
                    return nil
                }
            }
            return input.jobInput(documents)
        case .topic(let name, let recordsPerSplit, let group):
            return .log(topic: name, group: group, recordsPerSplit: recordsPerSplit)
        case .objects(let bucket, let prefix, let splitSize):
            guard let client = jobStoreClient else { return nil }
            do {
                let listed = try await client.listAllObjects(bucket: bucket, prefix: prefix)
                var documents: [MapReduce.Document] = []
                for (index, object) in listed.enumerated() {
                    let body = try await client.getObject(bucket: bucket, key: object.key).body
                    documents.append(MapReduce.Document(id: UInt32(index), name: object.key, bytes: body))
                }
                job.records = MapReduceInput.records(of: documents, log: nil)
                job.inputBytes = documents.reduce(0) { $0 + $1.bytes.count }
                // Objects with no bytes are input all the same (each one empty split, as an
                // empty file is: the job succeeds with an empty output); no object is none.
                guard !documents.isEmpty else {
                    job.rejection = "no objects with bytes under s3://\(bucket)/\(prefix)"
                    return nil
                }
                return .documents(documents, splitSize: splitSize)
            } catch {
                job.rejection = "the input objects could not be read: \(error)"
                return nil
            }
        }
    }

    /// Every record of `topic` in `range`, tagged with its partition, partition by partition: what
    /// the job's map tasks read.
    static func records(of topic: String, range: (from: [Int], to: [Int]), in log: PartitionedLog) async -> [MapReduce.InputRecord] {
        var records: [MapReduce.InputRecord] = []
        for partition in range.from.indices {
            let count = range.to[partition] - range.from[partition]
            guard count > 0, let values = try? await log.readContiguousValues(topic: topic, partition: partition, from: range.from[partition], maxRecords: count) else { continue }
            // Slices of one buffer a partition, not an array a record.
            for index in 0..<values.count { records.append(MapReduce.InputRecord(document: UInt32(partition), line: values[index])) }
        }
        return records
    }

    /// Writes each output part to the store (retrying as the client's policy says) and to the
    /// backup manager's data. Every part is recorded before the first put, so a part the run
    /// ended before writing shows as never stored, not as absent.
    private func writeOutput(_ job: WorldJob, output: MapReduce.Output) async {
        let parts = WorldJob.partBytes(output)
        if let bucket = job.spec.output.bucket, let client = jobStoreClient {
            job.outputObjects = parts.enumerated().map { index, bytes in
                WorldJob.OutputObject(key: job.spec.output.prefix + WorldJob.partName(index), bytes: bytes,
                                      expectedETag: SourceDirectory.File(bytes).eTag)
            }
            for index in job.outputObjects.indices {
                let (key, bytes) = (job.outputObjects[index].key, job.outputObjects[index].bytes)
                for _ in 0..<10 {
                    job.outputObjects[index].puts += 1
                    do {
                        job.outputObjects[index].acknowledgedETag = try await client.putObject(bucket: bucket, key: key, body: bytes).eTag
                        job.outputObjects[index].lastFailure = nil
                        break
                    } catch {
                        job.outputObjects[index].lastFailure = error.description
                    }
                }
            }
        }
        if job.spec.output.toBackup, let manager = backupManager {
            let files = parts.enumerated().map { (path: job.spec.output.prefix + WorldJob.partName($0.offset), bytes: $0.element) }
            await manager.change(files.map { .write(path: $0.path, bytes: $0.bytes) })
            job.backedUp = files
        }
    }
}
