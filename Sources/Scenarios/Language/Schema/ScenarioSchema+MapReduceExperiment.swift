/// The MapReduce experiment's file (`scenarios/mapreduce.yaml`,
/// ``ScenarioLoader/parseMapReduceExperiment(_:)``): a single-job setup and one variation per question.
extension ScenarioSchema {
    /// `scenarios/mapreduce.yaml`.
    static let mapReduceExperimentFile = SchemaObject(commonProperties + [
        .required(experimentKey, .word(MapReduceExperiment.name)),
        .required("cluster", cluster, "The cluster every run uses."),
        .required("job", .object(job), "The job."),
        .required("input", .object(input), "The baseline's input."),
        .required("scaling", .object(scaling), "The sweep over mapper counts."),
        .required("straggler", .object(straggler), "One slow worker."),
        .required("failure", .object(workerFailure), "One worker crash."),
        .required("lab_chaos", .object(labChaos), "The lab's faults tied to attempts."),
        .optional("claims", .object(seed001Claims), "Seed 001's figures; default the seed's."),
    ])

    /// A mapper count of the scaling sweep.
    static let scalingMappers = 1...1_000

    /// `scaling:`.
    static let scaling = SchemaObject([
        .required("mappers", .list(of: .integer(in: scalingMappers), maximum: scalingMappers.count), "Ascending, including 1 and the claimed counts."),
        .required("input", .object(input)),
    ])

    /// `straggler:`.
    static let straggler = SchemaObject([.required("worker", .anyText), .required("factor", .positiveFactor, "How many times slower; above 0, at most 10⁶.")])

    /// `failure:`.
    static let workerFailure = SchemaObject([.required("crash", .anyText, "The worker crashed."), .required("at", .duration)])

    /// `lab_chaos:`.
    static let labChaos = SchemaObject([
        .optional("attempts", .object(attemptChaos)),
        .optional("max_attempts", .integer(minimum: labChaosAttempts.lowerBound, maximum: labChaosAttempts.upperBound), "Default 20.", default: .integer(defaultLabChaosAttempts)),
        .optional("input", .object(input)),
    ])

    /// `claims:` of the MapReduce experiment.
    static let seed001Claims = SchemaObject([
        .optional("mappers", .count(atLeast: 1)),
        .optional("reducers", .count(atLeast: 1)),
        .optional("events_per_second_per_mapper", .positive),
        .optional("events_per_second_with_mappers", .positive),
        .optional("linear_up_to", .count(atLeast: 1)),
        .optional("map_task", .object(claimedMapTask)),
        .optional("recovery", .object(durationRange)),
        .optional("combiner_reduction", .probability),
        .optional("end_to_end", .object(claimedJob)),
        .optional("tolerance", .probability),
    ])

    /// `claims.map_task`.
    static let claimedMapTask = SchemaObject([.required("events", .count(atLeast: 1)), .required("time", .positiveDuration)])

    /// `claims.end_to_end`.
    static let claimedJob = SchemaObject([.required("events", .count(atLeast: 1))] + durationRange.properties)
}

extension ScenarioSchema {
    /// `lab_chaos.max_attempts`: a certain crash with a billion attempts would never end.
    static let labChaosAttempts = 1...1_000
    /// `lab_chaos.max_attempts` when the file does not say.
    static let defaultLabChaosAttempts = 20
}
