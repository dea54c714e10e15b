import Foundation
import Simulator

extension ResourceBudget {
    /// Events a try of an explicit operation takes: measured 9.0 under a storm (2,001 steps of
    /// 1,000 tries each ran 18,005,002 events), charged 10.
    static let eventsPerOperationTry = 10.0

    /// The explicit operations' tries: one a step that sends a request, and under an error storm
    /// (`object_store.storms`, or a `storm:` fault entry) every one of the store client's
    /// `max_attempts` (up to 1,000), the storm failing each at once. They had no term: 25,001
    /// `list_buckets` steps under a storm at rate 1 ran 224,959,002 events in 61 s, a world that
    /// loaded with `run.max_events: 1`. Charged whenever a storm can strike at all.
    mutating func addOperationRetries(of scenario: Scenario) {
        guard let operations = scenario.operations else { return }
        let store = scenario.store ?? .forExplicitRequests
        let storm = store.configuration.errorStorms.contains { $0.errorRate > 0 && $0.length > .zero }
        let requests = operations.steps.reduce(0.0) { total, step in
            if case .wait = step.action { total } else { total + 1 }
        }
        add(events: Self.eventsPerOperationTry * requests * Double(storm ? max(store.retry.maxAttempts, 1) : 1), by: "operations")
    }
}
