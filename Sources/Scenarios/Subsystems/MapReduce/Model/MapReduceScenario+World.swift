import Simulator

extension MapReduceScenario {
    /// The same job as a world — the one form every run takes: its cluster is the `mapreduce:`
    /// section, the job (named after the scenario) is submitted at time zero straight to the
    /// coordinator over its input, the faults and chaos are the cluster's, the network is the
    /// cluster's link, and the expectations are `mapreduce.*`.
    public var world: Scenario {
        let single = MapReduceSection.Job(id: name, spec: job, input: .documents(input), submitAt: .zero, throughBalancer: false,
                                          output: .init(bucket: nil, prefix: "results/\(name)/", toBackup: false), line: 1)
        return Scenario(
            name: name, summary: summary, file: file, seed: seed,
            limits: Scenario.Limits(duration: nil, requests: nil, timeLimit: timeLimit, eventLimit: eventLimit),
            defaultLink: cluster.link, links: [], servers: [], balancer: nil, workload: nil,
            mapreduce: MapReduceSection(cluster: cluster, jobs: [single], faults: faults, chaos: chaos),
            log: nil, store: nil, backup: nil, operations: nil, faults: FaultSchedule(), expectations: expectations)
    }
}
