import Simulator

/// The backup experiment (`scenarios/backup.yaml`): a backup manager protecting changing
/// application data for weeks of virtual time, through a storm of 503s, with restores checked
/// byte for byte and retention trimming old backups.
public struct BackupExperimentSpec: ExperimentIdentity, Equatable {
    /// A restore the experiment performs and checks.
    public struct Restore: Sendable, Equatable {
        /// Which backup to restore.
        public enum Selection: Sendable, Equatable, CustomStringConvertible {
            /// The newest backup kept at that moment.
            case latest
            /// The oldest backup kept at that moment.
            case oldest
            /// The backup with this `YYYY-MM-DD-HH-MM-SS` name.
            case named(String)

            public var description: String {
                switch self {
                case .latest: "latest"
                case .oldest: "oldest"
                case .named(let name): name
                }
            }
        }

        /// When the restore starts (virtual time).
        public var at: Duration
        /// Which backup.
        public var backup: Selection
    }

    public var name: String { BackupExperiment.name }
    public var summary: String
    public var file: String
    /// The seed of the run.
    public var seed: UInt64
    /// The `--seed` and `--set` options `orrery run` gave the file (`["--seed", "7"]`), which its
    /// replay command repeats; none when read as written.
    public var replayArguments: [String] = []
    /// How long the experiment runs (virtual time).
    public var duration: Duration
    /// Bucket, prefixes, intervals, retention, versioning and encryption.
    public var manager: BackupManager.Configuration
    /// How the application data starts and changes.
    public var churn: SourceChurn
    /// The store's latency, throttling and injected failures (storms included).
    public var store: ObjectStore.Configuration
    /// How long one request waits for an answer.
    public var clientTimeout: Duration
    /// How failed requests are retried.
    public var retry: RetryPolicy
    /// The restores to perform and check.
    public var restores: [Restore]
    /// How often the timeline (bytes stored, backups kept, errors, retries) is sampled.
    public var sampleInterval: Duration
}
