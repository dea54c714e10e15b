/// The bodies of the answers the balancer gives of its own accord, in the assignment's JSON,
/// made once per process: an overloaded world answers thousands of requests with them, and
/// building each (quoting and joining four strings) was 3 % of the claims experiment's cycles.
enum BalancerErrorBody {
    /// A 502: the balancer has no server replica at all.
    static let noReplicas = AssignmentJSON.error("No server replicas available")
    /// A 502: no replica may take the request (every untried one down, draining or at its
    /// connection limit): nginx's "no live upstreams".
    static let noLiveReplica = AssignmentJSON.error("No live server replica")
    /// A 502 or 504: the last try failed without a server's answer (a connect error or a timeout).
    static let noReplicaAnswered = AssignmentJSON.error("No server replica answered")
    /// A 503: the upstream connection queue is full.
    static let queueFull = AssignmentJSON.error("upstream queue is full")
    /// A 503: the request waited its time out in the upstream connection queue.
    static let queueTimedOut = AssignmentJSON.error("timed out in the upstream queue")
    /// A 429: the client's token bucket is empty.
    static let rateLimited = AssignmentJSON.error("rate limit exceeded")
    /// A 503: the circuit breaker is open.
    static let breakerOpen = AssignmentJSON.error("circuit breaker is open")
}
