extension MapReduce {
    /// A MapReduce job: what to emit for each input record, how to pre-aggregate values of one key
    /// on the map side, and how to reduce all values of one key to the output value.
    ///
    /// Map and reduce must be deterministic (a re-executed task must produce the same bytes), and
    /// combine must be associative and commutative and agree with reduce, because the framework
    /// runs it on any subset of a key's values in any grouping — or not at all.
    public protocol Job: Sendable {
        /// The type of the intermediate values.
        associatedtype Value: IntermediateValue

        /// The job's name, as submitted and reported (`word-count`, …).
        var name: String { get }

        /// Emits the intermediate key/value pairs of one input record.
        ///
        /// Keys are bytes; slicing them from `record.line` costs no copy.
        func map(_ record: InputRecord, into output: inout Emitter<Self>) throws

        /// Emits the intermediate key/value pairs of every line of a map task's input, in order:
        /// what ``map(_:into:)`` emits for each of them in turn, which the default does. A job may
        /// read the lines' bytes in place instead (``MapInput/forEachLine(_:)``), as the word
        /// count does: it makes no record per line.
        func map(lines input: MapInput, into output: inout Emitter<Self>) throws

        /// Folds `value` into `accumulated`: both are partial results for the same key.
        func combine(_ accumulated: inout Value, with value: Value)

        /// The output value for `key` from all its intermediate values (in map-task order, then
        /// emission order).
        func reduce(key: ArraySlice<UInt8>, values: [Value]) throws -> Bytes

        /// The job's output computed by a plain sequential program over `input`, sorted by key:
        /// the oracle the distributed run must equal. Built-in jobs implement it independently
        /// of their map and reduce functions; the default runs them sequentially
        /// (``SequentialRunner``).
        func reference(_ input: [InputRecord]) throws -> [Record]

        /// Runs one map task of this job over `records`:
        /// ``MapExecution/run(_:records:inputBytes:reducers:combining:)``.
        ///
        /// Jobs do not implement it. It is a requirement, with its one implementation below, so
        /// that a job held as `any Job` — as a worker holds its assignment's — runs its map side
        /// compiled for its own type: the conformance's entry calls the generic implementation
        /// with the job's type, which the optimizer specializes, where a call on the opened
        /// existential would run it generically, through value witnesses at every record.
        func runMapTask(records: [InputRecord], inputBytes: Int, reducers: Int, combining: Bool) throws -> MapTaskOutput

        /// Runs one map task of this job over `input`: ``MapExecution/run(_:input:inputBytes:reducers:combining:)``,
        /// what a worker's map attempt runs. Jobs do not implement it; a requirement for the
        /// reason ``runMapTask(records:inputBytes:reducers:combining:)`` is.
        func runMapTask(input: MapInput, inputBytes: Int, reducers: Int, combining: Bool) throws -> MapTaskOutput

        /// Runs one reduce task of this job over `buffers`: ``ReduceExecution/run(_:buffers:)``.
        /// Jobs do not implement it; a requirement for the reason ``runMapTask(records:inputBytes:reducers:combining:)`` is.
        func runReduceTask(buffers: [Bytes]) throws -> ReduceTaskOutput
    }
}

extension MapReduce.Job {
    /// Runs the job's own map and reduce sequentially (``SequentialRunner``).
    public func reference(_ input: [MapReduce.InputRecord]) throws -> [MapReduce.Record] {
        try MapReduce.SequentialRunner.run(self, input)
    }

    /// Maps each line of `input` in turn with ``map(_:into:)``.
    public func map(lines input: MapReduce.MapInput, into output: inout MapReduce.Emitter<Self>) throws {
        try input.forEachRecord { try map($0, into: &output) }
    }

    /// Runs ``MapReduce/MapExecution/run(_:input:inputBytes:reducers:combining:)`` with this job.
    public func runMapTask(input: MapReduce.MapInput, inputBytes: Int, reducers: Int, combining: Bool) throws -> MapReduce.MapTaskOutput {
        try MapReduce.MapExecution.run(self, input: input, inputBytes: inputBytes, reducers: reducers, combining: combining)
    }

    /// Runs ``MapReduce/MapExecution/run(_:records:inputBytes:reducers:combining:)`` with this job.
    public func runMapTask(records: [MapReduce.InputRecord], inputBytes: Int, reducers: Int, combining: Bool) throws -> MapReduce.MapTaskOutput {
        try MapReduce.MapExecution.run(self, records: records, inputBytes: inputBytes, reducers: reducers, combining: combining)
    }

    /// Runs ``MapReduce/ReduceExecution/run(_:buffers:)`` with this job.
    public func runReduceTask(buffers: [MapReduce.Bytes]) throws -> MapReduce.ReduceTaskOutput {
        try MapReduce.ReduceExecution.run(self, buffers: buffers)
    }
}
