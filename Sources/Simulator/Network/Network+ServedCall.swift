extension PendingCall.Handler where Response == Simulator.Response {
    /// `server` serving `request` (see ``PendingCall/Handler/server(_:_:)``). The replica is
    /// reached through its link: a replica's queue holds the calls waiting for it, which must not
    /// keep it alive.
    static func serving(_ request: Request, on server: ServerReplica) -> Self {
        .server(server.link, request)
    }
}

/// The steps in which a server replica serves a call, each one item of the executor's ready queue
/// where the handler task it replaces had one job: so the order of every event, and their number,
/// are those of a task running ``ServerReplica`` as an `async` handler.
enum ServeStep: UInt8 {
    /// The request is delivered: answered at once, admitted to a slot, queued or turned away.
    case start
    /// A slot freed up for the queued request.
    case admitted
    /// The queued request was dropped (its server crashed).
    case turnedAway
    /// Its service time is over.
    case serviceDone
    /// The hang that held it is over.
    case hangDone
    /// The answer leaves the server (one step after it was decided, as a task hops off the
    /// server's isolation before its answer is sent).
    case respond
}

/// A call whose handler is a server replica.
typealias ServedCall = PendingCall<Response>

extension ServedCall {
    /// The request its server serves.
    var servedRequest: Request {
        guard case .server(_, let request) = handler else { preconditionFailure("not a served call") }
        return request
    }

    /// The id of the request it carries to a server or a balancer (nil for a closure's call).
    var requestID: UInt64? {
        switch handler {
        case .server(_, let request), .balancer(_, let request): request.id
        case .task: nil
        }
    }

    /// Sends `response` back, one ready step from now.
    func respond(with response: consuming Response) {
        putAnswerOnItsWay(response)
        withExecutor { $0.enqueueStep(self, ServeStep.respond.rawValue) }
    }
}

extension Network {
    /// Sends `request` from `source` to `server` and returns its answer: ``call(from:to:timeout:_:)``
    /// with the replica serving it, which costs no task at the server.
    public func call(from source: NodeID, to server: ServerReplica, timeout: Duration, request: Request) async throws(NetworkError) -> Response {
        try await call(from: source, to: server.id, timeout: timeout, handler: .serving(request, on: server))
    }
}
