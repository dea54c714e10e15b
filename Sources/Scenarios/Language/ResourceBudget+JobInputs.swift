extension ResourceBudget {
    /// About the map tasks a job's input is cut into, whatever it reads: a synthetic or file
    /// input its splits; a log topic one task per `records_per_split` of the records the `log:`
    /// producers append to it (at most all of them, whenever the job is submitted); a bucket's
    /// objects at least one task for each object that can be there — each put, multipart
    /// completion or copy of the explicit operations and each output part (one a reducer) another
    /// job writes to that bucket. A topic job of 10,000 reducers over 20,000 one-record splits was
    /// not estimated at all and ran past 150 s (2 × 10⁸ partitions).
    static func estimatedMapTasks(of job: MapReduceSection.Job, in scenario: Scenario) -> Double? {
        switch job.input {
        case .documents(let input):
            return input.estimatedMapTasks
        case .topic(let name, let recordsPerSplit, _):
            let records = scenario.log?.producers.reduce(0.0) { $0 + ($1.topic == name ? Double($1.records) : 0) } ?? 0
            return max(1, (records / Double(max(recordsPerSplit, 1))).rounded(.up))
        case .objects(let bucket, _, _):
            let writes: Set<String> = ["put", "complete_multipart", "copy"]
            let operations = Double(scenario.operations?.steps.filter { writes.contains($0.name) }.count ?? 0)
            let parts = scenario.mapreduce?.jobs.reduce(0.0) { total, other in
                total + (other.output.bucket == bucket ? Double(other.spec.reducers) : 0)
            } ?? 0
            return max(1, operations + parts)
        }
    }
}
