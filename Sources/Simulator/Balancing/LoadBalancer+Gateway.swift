extension LoadBalancer {
    /// Whether the gateway lets a request through.
    enum Admission {
        /// It may pass; its outcome goes to the circuit breaker with this ticket, if there is one.
        case admitted(CircuitBreaker.Ticket?)
        /// It is answered at once.
        case rejected(Response)
    }

    /// The gateway in front of the servers: the client's token bucket, then the circuit breaker.
    func admit(_ request: Request) -> Admission {
        let now = network.simulation.now
        if let limit = configuration.rateLimit {
            var bucket = buckets[request.client] ?? TokenBucket(limit, now: now)
            let passes = bucket.take(limit, at: now)
            buckets[request.client] = bucket
            guard passes else {
                stats.rateLimited += 1
                network.simulation.trace.record(.reject, id.name, request.client.name, value: 429)
                return .rejected(Response(status: 429, server: id, body: BalancerErrorBody.rateLimited))
            }
        }
        guard var breaker else { return .admitted(nil) }
        let (ticket, transition) = breaker.admit(at: now)
        self.breaker = breaker
        if let transition { log(.circuit(transition), subject: "upstream") }
        guard let ticket else {
            stats.circuitRejected += 1
            network.simulation.trace.record(.reject, id.name, request.client.name, value: 503)
            return .rejected(Response(status: 503, server: id, body: BalancerErrorBody.breakerOpen))
        }
        return .admitted(ticket)
    }

    /// Tells the circuit breaker how an admitted request ended.
    func recordBreakerOutcome(_ ticket: CircuitBreaker.Ticket, failed: Bool) {
        guard var breaker else { return }
        let transition = breaker.record(ticket, failed: failed, at: network.simulation.now)
        self.breaker = breaker
        if let transition { log(.circuit(transition), subject: "upstream") }
    }
}
