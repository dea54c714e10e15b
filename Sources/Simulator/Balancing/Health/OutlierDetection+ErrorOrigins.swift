/// What Envoy's outlier detector hears of one forward, and the consecutive detectors that hear
/// it: 5xx (`consecutive_5xx`), gateway failures (`consecutive_gateway_failure`) and, with
/// `split_external_local_origin_errors`, local-origin failures (`consecutive_local_origin_failure`).
///
/// **What the router reports** (`source/common/router/upstream_request.cc`, `router.cc`). A try
/// whose connection is ready reports `LocalOriginConnectSuccess` (`UpstreamRequest::onPoolReady`,
/// for every try, a new connection or a pooled one) and only then starts its per-try timeout
/// (`setupPerTryTimeout`); an answer is reported as its status (`Filter::onUpstreamHeaders` →
/// `putHttpResponseCode`); a per-try timeout as `LocalOriginTimeout` with the code 504
/// (`onPerTryTimeoutCommon`); a connection that could not be made or was reset as
/// `LocalOriginConnectFailed` with no code (`onPoolFailure` → `Filter::onUpstreamReset`). So an
/// Orrery forward is:
/// - `.answered(status)`: a connection made, then its status;
/// - `.failed(.timeout)`: a connection made, then the per-try timeout (Orrery's forwards have no
///   separate connect phase, and Envoy's per-try timer only runs once the connection is ready);
/// - `.failed(.refused)`, `.failed(.unreachable)`: a connection that could not be made.
///
/// **Without the split** (Envoy's default, `putResultNoLocalExternalSplit`) a connection made
/// counts nothing (`resultToHttpCode` gives no code for it), a timeout is the 504 it carries and
/// a failed connection a 503 (`resultToHttpCode`): every forward reaches `putHttpResponseCode`
/// as one status. So timeouts and connect errors count as 5xx *and* as gateway failures.
///
/// **With the split** (`putResultWithLocalExternalSplit`) the answers alone reach
/// `putHttpResponseCode`; a connection made is a local-origin success (`localOriginNoFailure`,
/// which resets the local-origin count), and a timeout or a failed connection a local-origin
/// failure (`localOriginFailure`). A timeout is therefore a success *and* a failure in the
/// local-origin buckets, and the local-origin count is back to 1 after every timeout of a server
/// that accepts connections: only failed connections (or `consecutive_local_origin_failure: 1`)
/// make a run. A 5xx answer does not touch the local-origin count in `putHttpResponseCode`, but
/// its connection, made just before, resets it.
///
/// **`putHttpResponseCode`**: a 5xx (500–599) adds one to the 5xx count; a 502, 503 or 504
/// (`CodeUtility::isGatewayError`) also to the gateway-failure count, any other 5xx resets that
/// one; an answer below 500 resets both and is a success. A count that reaches its threshold asks
/// for an ejection (`onConsecutiveGatewayFailure`, `onConsecutive5xx`,
/// `onConsecutiveLocalOriginFailure` → `onConsecutiveErrorWorker`): nothing if the server is out
/// already, else `ejectHost` with the detector's enforcing percentage, and that count is reset.
/// The gateway failure asks before the 5xx of the same answer, so with both enforced the gateway
/// detector ejects and the 5xx one finds the server out.
extension OutlierDetection {
    /// Envoy's `consecutive_gateway_failure` detector.
    public struct GatewayFailure: Sendable, Equatable {
        /// Envoy's `consecutive_gateway_failure` (default 5): 502, 503 or 504 answers — or,
        /// without the split, timeouts and connect errors — in a row that ask for an ejection.
        public var consecutive: Int
        /// Envoy's `enforcing_consecutive_gateway_failure` (default 0: detected, never ejected).
        public var enforcing: Double

        /// Envoy's defaults unless given.
        public init(consecutive: Int = 5, enforcing: Double = 0) {
            precondition(consecutive >= 1, "consecutive gateway failures must be at least 1")
            precondition((0...100).contains(enforcing), "an enforcing percentage lies within 0 … 100")
            self.consecutive = consecutive
            self.enforcing = enforcing
        }
    }

    /// Envoy's `split_external_local_origin_errors` and the detectors it turns on.
    public struct LocalOrigin: Sendable, Equatable {
        /// Envoy's `split_external_local_origin_errors` (default false): timeouts and connect
        /// errors are counted apart from the answers.
        public var split: Bool
        /// Envoy's `consecutive_local_origin_failure` (default 5).
        public var consecutiveFailures: Int
        /// Envoy's `enforcing_consecutive_local_origin_failure` (default 100).
        public var enforcingConsecutiveFailures: Double
        /// Envoy's `enforcing_local_origin_success_rate` (default 100): the success-rate
        /// detector's chance on the local-origin buckets.
        public var enforcingSuccessRate: Double
        /// Envoy's `enforcing_failure_percentage_local_origin` (default 0): the failure-percentage
        /// detector's chance on the local-origin buckets.
        public var enforcingFailurePercentage: Double

        /// Envoy's defaults unless given.
        public init(split: Bool = false, consecutiveFailures: Int = 5, enforcingConsecutiveFailures: Double = 100,
                    enforcingSuccessRate: Double = 100, enforcingFailurePercentage: Double = 0) {
            precondition(consecutiveFailures >= 1, "consecutive local-origin failures must be at least 1")
            precondition([enforcingConsecutiveFailures, enforcingSuccessRate, enforcingFailurePercentage].allSatisfy((0...100).contains),
                         "an enforcing percentage lies within 0 … 100")
            self.split = split
            self.consecutiveFailures = consecutiveFailures
            self.enforcingConsecutiveFailures = enforcingConsecutiveFailures
            self.enforcingSuccessRate = enforcingSuccessRate
            self.enforcingFailurePercentage = enforcingFailurePercentage
        }
    }

    /// The consecutive detectors whose counts reached their thresholds with one forward, in the
    /// order Envoy posts them to its main thread (`notifyMainThreadConsecutiveError`).
    struct Asked: OptionSet {
        let rawValue: UInt8
        static let gatewayFailure = Asked(rawValue: 1)
        static let fiveHundreds = Asked(rawValue: 2)
        static let localOrigin = Asked(rawValue: 4)
    }

    /// Records a forward's outcome at `now` as Envoy's router reports it (`putResult`,
    /// `putHttpResponseCode`); returns the ejection's length when it ejected the server, up to
    /// the interval timer's tick that ends it. `ejectedNow` and `total` count the servers ejected
    /// at the moment (as Envoy's `ejections_active`) and all servers; `random(n)` is the server's
    /// `n`th random number (drawn only for an enforcing percentage strictly between 0 and 100, or
    /// a jitter).
    public func record(_ outcome: ForwardOutcome, into state: inout State, at now: VirtualInstant, ejectedNow: Int, total: Int,
                       random: (Int) -> UInt64 = OutlierDetection.unseeded) -> Duration? {
        state.resetConsecutiveCountsIfBack(at: now)
        state.roll(to: now, every: interval)
        let asked: Asked
        switch (localOrigin.split, outcome) {
        case (false, .answered(let status)): asked = putHttpResponseCode(status, into: &state)
        case (false, .failed(.timeout)): asked = putHttpResponseCode(504, into: &state)
        case (false, .failed): asked = putHttpResponseCode(503, into: &state)
        case (true, .answered(let status)):
            localOriginNoFailure(into: &state)
            asked = putHttpResponseCode(status, into: &state)
        case (true, .failed(.timeout)):
            localOriginNoFailure(into: &state)
            asked = localOriginFailure(into: &state)
        case (true, .failed):
            asked = localOriginFailure(into: &state)
        }
        guard !asked.isEmpty else { return nil }
        var ejection: Duration?
        for detector in [Asked.gatewayFailure, .fiveHundreds, .localOrigin] where asked.contains(detector) {
            if let length = consecutiveFailure(detector, in: &state, at: now, ejectedNow: ejectedNow, total: total, random: random) {
                ejection = length
            }
        }
        return ejection
    }

    /// Envoy's `putHttpResponseCode`: the answers' bucket, the 5xx and gateway-failure counts.
    private func putHttpResponseCode(_ status: Int, into state: inout State) -> Asked {
        state.current.requests += 1
        guard (500..<600).contains(status) else {
            state.current.successes += 1
            state.consecutiveErrors = 0
            state.consecutiveGatewayFailures = 0
            return []
        }
        var asked: Asked = []
        if (502...504).contains(status) {
            state.consecutiveGatewayFailures += 1
            if state.consecutiveGatewayFailures == gatewayFailure.consecutive { asked.insert(.gatewayFailure) }
        } else {
            state.consecutiveGatewayFailures = 0
        }
        state.consecutiveErrors += 1
        if state.consecutiveErrors == consecutiveErrors { asked.insert(.fiveHundreds) }
        return asked
    }

    /// Envoy's `localOriginNoFailure`: a connection made.
    private func localOriginNoFailure(into state: inout State) {
        state.localCurrent.requests += 1
        state.localCurrent.successes += 1
        state.consecutiveLocalOriginFailures = 0
    }

    /// Envoy's `localOriginFailure`: a timeout or a connection not made.
    private func localOriginFailure(into state: inout State) -> Asked {
        state.localCurrent.requests += 1
        state.consecutiveLocalOriginFailures += 1
        return state.consecutiveLocalOriginFailures == localOrigin.consecutiveFailures ? .localOrigin : []
    }

    /// Envoy's `onConsecutiveErrorWorker`: a server already out is left as it is (its count keeps
    /// growing until its return resets it); otherwise `ejectHost` with the detector's enforcing
    /// percentage, and the detector's count starts again whether or not it ejected.
    private func consecutiveFailure(_ detector: Asked, in state: inout State, at now: VirtualInstant, ejectedNow: Int, total: Int,
                                    random: (Int) -> UInt64) -> Duration? {
        guard !state.isEjected(at: now) else { return nil }
        let enforcing: Double
        if detector == .gatewayFailure {
            enforcing = gatewayFailure.enforcing
            state.consecutiveGatewayFailures = 0
        } else if detector == .fiveHundreds {
            enforcing = enforcingConsecutiveErrors
            state.consecutiveErrors = 0
        } else {
            enforcing = localOrigin.enforcingConsecutiveFailures
            state.consecutiveLocalOriginFailures = 0
        }
        return eject(&state, at: now, enforcing: enforcing, ejectedNow: ejectedNow, total: total, atTick: false, random: random)
    }
}
