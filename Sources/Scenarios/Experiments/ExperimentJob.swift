import Reports
import Foundation
import Simulator

/// What `orrery experiment` does: load the named experiments' files (all of them first, so a bad
/// file stops everything before anything is written), run each, and write `results/<name>/`.
public struct ExperimentJob {
    /// Experiment names in run order; `all` expands to every experiment.
    public var names: [String]
    /// Where `a1.yaml` … live.
    public var scenarioDirectory: String
    public var outputDirectory: String
    /// Independent simulations run at once (each single-threaded inside); results do not depend on it.
    public var jobs: Int

    public init(names: [String], scenarioDirectory: String = "scenarios", outputDirectory: String = "results", jobs: Int = 1) {
        self.names = names
        self.scenarioDirectory = scenarioDirectory
        self.outputDirectory = outputDirectory
        self.jobs = jobs
    }

    /// The experiments `all` stands for, in order: A-1 … A-4 from their experiment files, then
    /// the experiments built from scenario files.
    public static let all = ExperimentName.allCases.map(\.rawValue)

    public func execute(output: (String) -> Void, errors: (String) -> Void) -> ExitStatus {
        var expanded: [String] = []
        for name in names {
            let parts = name == "all" ? ExperimentJob.all : [name]
            for part in parts where !expanded.contains(part) {
                guard ExperimentJob.all.contains(part) else {
                    errors("error: unknown experiment '\(name)'; expected one of \((ExperimentJob.all + ["all"]).joined(separator: ", "))")
                    return .badInput
                }
                expanded.append(part)
            }
        }
        var specs: [ExperimentSpec] = []
        var scenarioExperiments: [ScenarioExperiment] = []
        for name in expanded {
            do {
                if let experiment = try ScenarioExperiment.load(ExperimentName(rawValue: name)!, from: scenarioDirectory) {
                    scenarioExperiments.append(experiment)
                    continue
                }
            } catch {
                errors(error.description)
                return .badInput
            }
            let path = (scenarioDirectory as NSString).appendingPathComponent("\(name).yaml")
            do {
                let spec = try ScenarioLoader.loadExperiment(path: path)
                guard spec.name == name else {
                    errors("\(path): error: the file describes experiment '\(spec.name)', not '\(name)'")
                    return .badInput
                }
                specs.append(spec)
            } catch {
                errors(error.description)
                return .badInput
            }
        }
        for spec in specs {
            let bundle: ReportBundle
            do {
                bundle = try ExperimentJob.run(spec, jobs: jobs)
            } catch {
                errors("seed \(spec.seed): error: experiment \(spec.name) could not build its placement: \(error)\nreplay: orrery experiment \(spec.name)")
                return .badInput
            }
            do {
                try bundle.write(to: URL(fileURLWithPath: outputDirectory, isDirectory: true))
            } catch {
                errors("error: \(error)")
                return .badInput
            }
            output("\(spec.name): wrote \(bundle.files.map { "\(outputDirectory)/\($0.path)" }.joined(separator: ", "))")
        }
        for experiment in scenarioExperiments {
            let bundle = experiment.run(jobs: jobs)
            do {
                try bundle.write(to: URL(fileURLWithPath: outputDirectory, isDirectory: true))
            } catch {
                errors("error: \(error)")
                return .badInput
            }
            output("\(experiment.name): wrote \(bundle.files.map { "\(outputDirectory)/\($0.path)" }.joined(separator: ", "))")
        }
        return .success
    }

    /// Runs one experiment and returns its report files (paths relative to the output directory).
    public static func run(_ spec: ExperimentSpec, jobs: Int = 1) throws(PlacementError) -> ReportBundle {
        switch spec.kind {
        case .a1: return try A1Experiment.run(spec).bundle(spec: spec)
        case .a2: return try A2Experiment.run(spec, jobs: jobs).bundle(spec: spec)
        case .a3: return try A3Experiment.run(spec).bundle(spec: spec)
        case .a4: return try A4Experiment.run(spec, jobs: jobs).bundle(spec: spec)
        case .mapreduce: return MapReduceExperiment.run(spec).bundle(spec: spec)
        case .backup: return BackupExperiment.run(spec).bundle(spec: spec)
        }
    }
}
