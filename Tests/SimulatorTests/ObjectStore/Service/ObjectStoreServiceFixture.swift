@testable import Simulator

/// A store on node "s3" and one client on "client", joined by a link with a constant 0.5 ms
/// one-way latency, so every virtual duration in these tests can be computed by hand.
struct ObjectStoreServiceFixture {
    /// One-way link latency in nanoseconds.
    static let linkLatency: Int64 = 500_000

    let sim: Simulation
    let network: Network
    let store: ObjectStore
    let client: ObjectStoreClient

    init(seed: UInt64 = 5, configuration: ObjectStore.Configuration = .constantLatency(),
         retryPolicy: RetryPolicy = .never, timeout: Duration = .seconds(5)) {
        sim = Simulation(seed: seed)
        network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(Double(Self.linkLatency) / 1e9)))
        store = ObjectStore("s3", configuration: configuration, network: network)
        client = ObjectStoreClient("client", store: store, network: network, timeout: timeout, retryPolicy: retryPolicy)
    }

    /// Runs `body` as the simulation's one foreground task until it finishes, and returns its result.
    func run<T: Sendable>(timeLimit: Duration = .seconds(10 * 86_400), _ body: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        sim.spawn("test") { _ in box.value = await body() }
        do {
            try sim.runToCompletion(timeLimit: .after(timeLimit))
        } catch {
            preconditionFailure("the test's simulation stopped: \(error)")
        }
        return box.value!
    }

    /// The store's state, read from outside the simulation between runs.
    var state: ObjectStoreState { run { await store.state } }
}

extension ObjectStore.Configuration {
    /// A 20 ms first-byte latency with no tail and a 1 MiB/s transfer rate: easy arithmetic.
    static func constantLatency(internalErrorRate: Double = 0, serviceUnavailableRate: Double = 0,
                                errorStorms: [ObjectStore.ErrorStorm] = [], runsLifecycle: Bool = true) -> Self {
        ObjectStore.Configuration(firstByteLatency: .constant(0.020), bytesPerSecond: 1_048_576,
                                  internalErrorRate: internalErrorRate, serviceUnavailableRate: serviceUnavailableRate,
                                  errorStorms: errorStorms, runsLifecycle: runsLifecycle)
    }
}

/// Counts outcomes of many concurrent requests. `@unchecked Sendable`: written on the simulation thread.
final class OutcomeCounter: @unchecked Sendable {
    var succeeded = 0
    var failures: [String: Int] = [:]

    func record<T>(_ outcome: Result<T, ObjectStoreClientError>) {
        switch outcome {
        case .success: succeeded += 1
        case .failure(let error): failures[error.code?.rawValue ?? "network", default: 0] += 1
        }
    }
}

extension ObjectStoreClient {
    /// `body` as a result instead of a throw, for tests that count outcomes.
    func outcome<T>(_ body: () async throws(ObjectStoreClientError) -> T) async -> Result<T, ObjectStoreClientError> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    /// The error `body` throws, or nil when it succeeds.
    func failure<T>(_ body: () async throws(ObjectStoreClientError) -> T) async -> ObjectStoreClientError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }
}
