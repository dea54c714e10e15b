import Reports

extension ScenarioLoader {
    /// The most input bytes the MapReduce experiment may read over all its runs (the shipped file
    /// reads about 0.4 GB; each byte costs about 30 ns).
    static let mapReduceExperimentMostBytes = 2e9

    /// Checks the MapReduce experiment's inputs against memory and time: one run holds about four
    /// bytes per input byte, two runs at once by default, so an input is at most an eighth of
    /// ``ResourceBudget/memoryBytes``; and the runs — the five variations and the seed study's two
    /// per seed over `input`, the lab chaos once and per seed over its input (each task as many
    /// times as its crashed attempts are expected to repeat it), the scaling sweep
    /// once per mapper count — read at most ``mapReduceExperimentMostBytes`` in all.
    static func checkMapReduceExperimentSize(_ spec: MapReduceExperimentSpec, input: YAMLCursor, scalingInput: YAMLCursor,
                                             chaosInput: YAMLCursor?) throws(ScenarioError) {
        let chaos = spec.labChaos.input ?? spec.input
        let seeds = Double(SeedStudy.seedCount)
        let reads: [(cursor: YAMLCursor, bytes: Double, runs: Double)] = [
            (input, spec.input.estimatedBytes, 5 + 2 * seeds),
            (scalingInput, spec.scaling.input.estimatedBytes, Double(spec.scaling.mappers.count)),
            // A crashed attempt maps its split again.
            (chaosInput ?? input, chaos.estimatedBytes,
             (1 + seeds) * spec.labChaos.attempts.expectedAttempts(maxAttempts: spec.labChaos.maxAttempts)),
        ]
        let mostPerRun = ResourceBudget.memoryBytes / 8
        for read in reads where read.bytes > mostPerRun {
            throw read.cursor.error(.invalidValue("this input is about \(NumberFormat.fixed(read.bytes / 1_048_576, decimals: 0, grouping: true)) MiB, and a run holds about four times its input, two runs at once: at most \(NumberFormat.fixed(mostPerRun / 1_048_576, decimals: 0, grouping: true)) MiB; make it smaller"))
        }
        let total = reads.reduce(0.0) { $0 + $1.bytes * $1.runs }
        if total > mapReduceExperimentMostBytes, let largest = reads.max(by: { $0.bytes * $0.runs < $1.bytes * $1.runs }) {
            throw largest.cursor.error(.invalidValue("the experiment's runs would read about \(NumberFormat.fixed(total / 1e9, decimals: 1, grouping: true)) GB of input in all (this input about \(NumberText.figure(largest.runs)) times), more than the \(NumberFormat.fixed(mapReduceExperimentMostBytes / 1e9, decimals: 1, grouping: true)) GB an experiment may read; make the inputs smaller, the mapper counts or lab chaos attempts fewer"))
        }
    }
}
