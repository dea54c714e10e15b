import Foundation
import Simulator
@testable import Scenarios

/// A small world of every subsystem — traffic through a balancer to servers on the MapReduce
/// workers, a job reading a topic and writing its output to the store, a backup and a restore of
/// the coordinator's data, a worker crash and restart — run with an observer.
enum ObservabilityFixture {
    static let yaml = """
        seed: 5
        run: {duration: 20s}
        balancer: {strategy: round_robin, health_check: {interval: 1s, timeout: 500ms, rise: 1, fall: 2}}
        servers:
          - {on: mapreduce.workers, slots: 2, service_time: 2ms}
        workload: {type: open_loop, rate: 40, timeout: 2s}
        log:
          topics: [{name: events, partitions: 2}]
          producers: [{name: app, topic: events, records: 400, rate: 200}]
        mapreduce:
          cluster: {workers: 2, cost: {map_per_record: 2ms}, policy: {heartbeat_interval: 500ms, worker_timeout: 2s}}
          jobs:
            - {id: count, name: word-count, reducers: 2, submit_at: 3s,
               input: {topic: events, records_per_split: 100}, output: {bucket: results}}
        object_store:
          buckets: [{name: results, versioning: true}]
        backup:
          host: coordinator
          bucket: backups
          sync_interval: 2s
          first_backup_at: 12s
          backup_interval: 24h
          source: {files: 5, file_size: {median: 1KiB, sigma: 0.5}, change_every: 3s, changes_per_round: 1}
          restores:
            - {at: 15s, backup: latest}
        faults:
          - {at: 4s, crash: worker-2}
          - {at: 9s, restart: worker-2}
        """

    struct Run {
        var result: RunResult
        var observer: RunObserver
    }

    /// Runs `text` (this fixture's world by default) with an observer.
    static func run(_ options: ObservationOptions = ObservationOptions(trace: .perfetto, metrics: true), yaml text: String = yaml) throws -> Run {
        let scenario = try ScenarioLoader.parse(text, file: "observed.yaml")
        let observer = RunObserver(options)
        let result = ScenarioRunner.run(scenario, observer: observer)
        return Run(result: result, observer: observer)
    }

    static func perfetto(_ run: Run) -> String {
        PerfettoTrace.render(run.observer.timeline!, header: PerfettoTrace.Header(scenario: "observed", seed: 5, digest: run.result.digest))
    }

    static func events(_ trace: String) throws -> [[String: Any]] {
        let document = try JSONSerialization.jsonObject(with: Data(trace.utf8)) as! [String: Any]
        return document["traceEvents"] as! [[String: Any]]
    }
}
