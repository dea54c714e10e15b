/// The files a scenario file reads besides itself — its MapReduce input files — which no output
/// of the command that runs it may replace (`--trace words.txt` would have written over the data).
extension ScenarioFile {
    /// The paths of the files it read at load time, in the file's order.
    public var dataFiles: [String] {
        switch self {
        case .world(let scenario):
            return (scenario.mapreduce?.jobs ?? []).flatMap { job -> [String] in
                if case .documents(let input) = job.input { input.paths } else { [] }
            }
        case .experiment(let experiment, _):
            return experiment.dataFiles
        }
    }
}

extension ExperimentFile {
    /// The paths of the files it read at load time besides itself: none unless it says so.
    public var dataFiles: [String] { [] }
}

extension MapReduceExperiment {
    /// Its inputs' files: the baseline's, the scaling sweep's and the lab chaos study's.
    public var dataFiles: [String] {
        spec.input.paths + spec.scaling.input.paths + (spec.labChaos.input?.paths ?? [])
    }
}
