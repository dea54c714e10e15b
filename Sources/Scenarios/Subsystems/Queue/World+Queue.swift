import Simulator

extension World {
    /// The controller and the brokers of the `queue:` section, on the world's network.
    func buildQueue() {
        // The loader built this placement with these brokers already: it cannot fail here.
        guard let section = scenario.queue, let queue = try? section.build(on: network) else { return }
        self.queue = queue
    }

    /// The queue's producers and consumers.
    func startQueueClients() {
        guard let section = scenario.queue, let queue else { return }
        section.startClients(of: queue)
    }
}
