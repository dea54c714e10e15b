/// Whether one attempt of an ``ObjectStoreClient`` reached its store, for
/// ``ObjectStoreStats/unreached``: the store counts what arrives, and only the attempt knows what
/// was sent and never arrived. A client that gives an attempt up before it arrived counts it
/// unreached; if it arrives after all (a slow link, a paused store resuming), the store counts it
/// and the attempt takes itself back out, so no attempt is counted twice.
///
/// `@unchecked Sendable`: touched only on the simulation thread (the client's task and the
/// delivery the network runs for it share the simulation's serial executor).
final class StoreAttemptDelivery: @unchecked Sendable {
    private var reached = false
    /// The counters it was counted unreached in, until it arrives.
    private var countedIn: ObjectStoreStats?

    /// The attempt reached the store's node.
    func arrived() {
        reached = true
        countedIn?.unreached -= 1
        countedIn = nil
    }

    /// Its client gave it up without an answer: unreached, unless it had arrived.
    func gaveUp(counting stats: ObjectStoreStats) {
        guard !reached, countedIn == nil else { return }
        stats.unreached += 1
        countedIn = stats
    }
}
