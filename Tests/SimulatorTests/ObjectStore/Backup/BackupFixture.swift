@testable import Simulator

/// A store, a client host "app-server" and a backup manager over four small files, on links with
/// a constant 0.5 ms latency and a store with a constant 20 ms first-byte latency.
struct BackupFixture {
    /// The starting files and their MD5s (hashlib.md5 of each text).
    static let files: [String: String] = ["a": "alpha", "b": "beta", "c": "gamma", "d": "delta"]
    static let md5: [String: String] = [
        "alpha": "2c1743a391305fbf367df8e4f069f9f9", "beta": "987bcab01b929eb2c07877b224215c92",
        "gamma": "05b048d7242cb7b8b57cfa3b1d65ecea", "delta": "63bcabf86a9a991864777c631c5b7617",
        "alpha2": "e155e9e3166af131136a8fcb84eb9462", "epsilon": "3cd38ab30e1e7002d239dd1a75a6dfa8",
    ]

    let services: ObjectStoreServiceFixture
    let manager: BackupManager

    init(storms: [ObjectStore.ErrorStorm] = [], retryPolicy: RetryPolicy = RetryPolicy(),
         configuration: BackupManager.Configuration = BackupManager.Configuration(bucket: "backups-bucket")) {
        services = ObjectStoreServiceFixture(configuration: .constantLatency(errorStorms: storms), retryPolicy: retryPolicy)
        manager = BackupManager(client: services.client, source: SourceDirectory(Self.files.mapValues { Array($0.utf8) }),
                                configuration: configuration)
    }

    var sim: Simulation { services.sim }
    var client: ObjectStoreClient { services.client }
    var bucket: String { manager.configuration.bucket }

    /// Runs `body` to completion in the simulation.
    func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T { services.run(body) }

    /// Keys and quoted ETags of the current objects under `prefix`, read from the store directly.
    func listing(_ prefix: String) -> [String: String] {
        let state = services.state
        let objects = (try? state.listObjectsV2(bucket: bucket, ListObjectsV2Request(prefix: prefix)).contents) ?? []
        return Dictionary(uniqueKeysWithValues: objects.map { ($0.key, $0.eTag) })
    }

    /// `"<md5>"` of `text`, from the table above.
    static func eTag(_ text: String) -> String { "\"\(md5[text] ?? "?")\"" }
}
