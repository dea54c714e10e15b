/// Envoy's statistical outlier detectors, which judge the servers together at each tick of the
/// interval timer (`DetectorImpl::onIntervalTimer` → `processSuccessRateEjections`).
///
/// Every forward's outcome is counted against its server in two buckets, Envoy's
/// `SuccessRateAccumulator`: the interval under way and the last whole one, swapped at each tick
/// (`updateCurrentWriter`). Without `split_external_local_origin_errors` Envoy maps local-origin
/// results to HTTP codes (`resultToHttpCode`: a timeout is a 504, a connect failure a 503) and
/// counts them with the answers (`putResultNoLocalExternalSplit` → `putHttpResponseCode`): a 5xx
/// or no answer is a failure, any other answer a success. With the split, the answers alone fill
/// these buckets and the local-origin results fill a second pair (`local_origin_sr_monitor_`; see
/// `OutlierDetection+ErrorOrigins.swift`). An outcome at the very instant of a tick counts in the
/// interval that tick begins.
///
/// At a tick, unless the servers are fewer than both detectors' minimum hosts, each server not
/// ejected with requests in the last interval has its success rate, 100 × successes / requests:
/// - **Success rate.** If at least ``SuccessRate/minimumHosts`` servers had
///   ``SuccessRate/requestVolume`` requests or more, their mean and population standard deviation
///   give the threshold `mean − stdevFactor / 1000 × stdev` (`successRateEjectionThreshold`), and
///   each of them below it is ejected.
/// - **Failure percentage.** If at least ``FailurePercentage/minimumHosts`` servers had
///   ``FailurePercentage/requestVolume`` requests or more, each of them whose failure percentage,
///   100 − its success rate, is at least ``FailurePercentage/threshold`` is ejected.
///
/// With the split, `onIntervalTimer` then judges the local-origin buckets the same way, with the
/// same minimum hosts, request volumes, factor and threshold, passing over the servers the
/// first pass ejected, and ejects with ``LocalOrigin/enforcingSuccessRate`` and
/// ``LocalOrigin/enforcingFailurePercentage``.
///
/// Every ejection goes through Envoy's `ejectHost`: `max_ejection_percent` first, then the
/// detector's enforcing percentage. The success-rate outliers are ejected first, then the
/// failure-percentage ones, each in member order (Envoy walks a hash map of hosts). A server that
/// is both is ejected twice at that tick, as in Envoy's release builds: both lists are drawn up
/// before either ejects, and neither the failure-percentage loop nor `ejectHost` asks whether the
/// server is out already (only `DetectorHostMonitorImpl::eject`'s debug-build `ASSERT` does). The
/// second ejection, if `max_ejection_percent` (which now counts the server once already) and its
/// enforcing chance allow it, raises the multiplier once more, draws a new jitter, counts a
/// second ejection and leaves Envoy's `ejections_active` one too high for good (``State/phantomEjections``:
/// `unejectHost` takes one away), which every later `max_ejection_percent` and
/// `always_eject_one_host` test counts. The balancer's log says "marked down" once.
extension OutlierDetection {
    /// Ejection by success rate, on by default as in Envoy.
    public struct SuccessRate: Sendable, Equatable {
        /// Envoy's `success_rate_minimum_hosts` (default 5): servers with enough requests needed
        /// for any ejection (0 acts as 1).
        public var minimumHosts: Int
        /// Envoy's `success_rate_request_volume` (default 100): requests a server needs in the
        /// last interval to count.
        public var requestVolume: Int
        /// Envoy's `success_rate_stdev_factor` (default 1900): the threshold lies this many
        /// thousandths of a standard deviation below the mean.
        public var stdevFactor: Int
        /// Envoy's `enforcing_success_rate` (default 100): the chance, in percent, that an
        /// outlier is ejected.
        public var enforcing: Double

        /// Envoy's defaults unless given.
        public init(minimumHosts: Int = 5, requestVolume: Int = 100, stdevFactor: Int = 1_900, enforcing: Double = 100) {
            precondition(minimumHosts >= 0 && requestVolume >= 1 && stdevFactor >= 0, "counts and factors are never negative")
            precondition((0...100).contains(enforcing), "an enforcing percentage lies within 0 … 100")
            self.minimumHosts = minimumHosts
            self.requestVolume = requestVolume
            self.stdevFactor = stdevFactor
            self.enforcing = enforcing
        }
    }

    /// Ejection by failure percentage, off by default as in Envoy.
    public struct FailurePercentage: Sendable, Equatable {
        /// Envoy's `failure_percentage_threshold` (default 85): the failure percentage, at or
        /// above which a server is ejected.
        public var threshold: Double
        /// Envoy's `failure_percentage_minimum_hosts` (default 5).
        public var minimumHosts: Int
        /// Envoy's `failure_percentage_request_volume` (default 50).
        public var requestVolume: Int
        /// Envoy's `enforcing_failure_percentage` (default 0: detected, never ejected).
        public var enforcing: Double

        /// Envoy's defaults unless given.
        public init(threshold: Double = 85, minimumHosts: Int = 5, requestVolume: Int = 50, enforcing: Double = 0) {
            precondition(minimumHosts >= 0 && requestVolume >= 1, "counts are never negative")
            precondition((0...100).contains(threshold) && (0...100).contains(enforcing), "percentages lie within 0 … 100")
            self.threshold = threshold
            self.minimumHosts = minimumHosts
            self.requestVolume = requestVolume
            self.enforcing = enforcing
        }
    }

    /// A server's forwards in one interval (one bucket of Envoy's `SuccessRateAccumulator`).
    public struct IntervalCounts: Sendable, Equatable {
        /// Forwards that ended in an answer other than a 5xx.
        public var successes = 0
        /// All forwards whose outcome was counted.
        public var requests = 0

        /// Counts `successes` out of `requests`.
        public init(successes: Int = 0, requests: Int = 0) {
            self.successes = successes
            self.requests = requests
        }

        /// Envoy's `getSuccessRateAndVolume`: 100 × successes / requests, nil without requests.
        public var successRate: Double? {
            requests == 0 ? nil : Double(successes) * 100 / Double(requests)
        }
    }

    /// What the statistics found at one tick: the members to eject by success rate and by
    /// failure percentage (positions, in member order), and the success-rate threshold when
    /// there was one.
    public struct StatisticalOutliers: Sendable, Equatable {
        /// The success-rate outliers, in member order.
        public var bySuccessRate: [Int] = []
        /// The failure-percentage outliers, in member order.
        public var byFailurePercentage: [Int] = []
        /// The mean success rate, when enough servers had the request volume.
        public var mean: Double?
        /// Envoy's ejection threshold below the mean, likewise.
        public var threshold: Double?
    }

    /// Whether the statistics can eject anyone among `servers` servers: a detector enforcing
    /// more than 0 % (the local-origin ones only with the split) with no more minimum hosts than
    /// there are servers. Only then does the balancer run the interval timer's ticks.
    public func statisticsCanEject(servers: Int) -> Bool {
        let bySuccessRate = successRate.enforcing > 0 || (localOrigin.split && localOrigin.enforcingSuccessRate > 0)
        let byFailurePercentage = failurePercentage.enforcing > 0 || (localOrigin.split && localOrigin.enforcingFailurePercentage > 0)
        return (bySuccessRate && servers >= successRate.minimumHosts) || (byFailurePercentage && servers >= failurePercentage.minimumHosts)
    }

    /// Envoy's `processSuccessRateEjections` over each member's last interval (nil for a member
    /// ejected at the tick); `counts.count` is the number of servers.
    public func statisticalOutliers(_ counts: [IntervalCounts?]) -> StatisticalOutliers {
        var found = StatisticalOutliers()
        guard counts.count >= successRate.minimumHosts || counts.count >= failurePercentage.minimumHosts else { return found }
        var rated: [(position: Int, rate: Double)] = [], percentaged: [(position: Int, rate: Double)] = []
        var sum = 0.0
        for (position, interval) in counts.enumerated() {
            guard let interval, let rate = interval.successRate else { continue }
            if interval.requests >= successRate.requestVolume {
                rated.append((position, rate))
                sum += rate
            }
            if interval.requests >= failurePercentage.requestVolume { percentaged.append((position, rate)) }
        }
        if !rated.isEmpty && rated.count >= successRate.minimumHosts {
            let (mean, threshold) = Self.successRateThreshold(rates: rated.map(\.rate), sum: sum, stdevFactor: Double(successRate.stdevFactor) / 1_000)
            found.mean = mean
            found.threshold = threshold
            found.bySuccessRate = rated.filter { $0.rate < threshold }.map(\.position)
        }
        if !percentaged.isEmpty && percentaged.count >= failurePercentage.minimumHosts {
            found.byFailurePercentage = percentaged.filter { 100 - $0.rate >= failurePercentage.threshold }.map(\.position)
        }
        return found
    }

    /// Envoy's `successRateEjectionThreshold`: the mean of `rates` (whose sum is `sum`), and
    /// the mean less `stdevFactor` population standard deviations. Envoy's own example: rates
    /// 50, 100, 100, 100, 100 have mean 90 and standard deviation 20, so a factor of 1.9 puts
    /// the threshold at 52.
    public static func successRateThreshold(rates: [Double], sum: Double, stdevFactor: Double) -> (mean: Double, threshold: Double) {
        let mean = sum / Double(rates.count)
        var variance = 0.0
        for rate in rates { variance += (rate - mean) * (rate - mean) }
        variance /= Double(rates.count)
        return (mean, mean - stdevFactor * variance.squareRoot())
    }
}

extension OutlierDetection.State {
    /// The counts of the interval that ends at the tick `tick` (Envoy's backup buckets after the
    /// tick's swap): the answers' (or, without the split, every outcome's) and the local-origin
    /// results'.
    mutating func closeInterval(at tick: VirtualInstant, every interval: Duration)
        -> (external: OutlierDetection.IntervalCounts, local: OutlierDetection.IntervalCounts) {
        roll(to: tick, every: interval)
        return (previous, localPrevious)
    }

    /// Brings the buckets to the interval of `now` (`every` long, from 0 s): the buckets under
    /// way become the last whole ones if they were the interval before; intervals with no forward
    /// in between leave both empty.
    mutating func roll(to now: VirtualInstant, every interval: Duration) {
        let k = now.nanoseconds / interval.nanoseconds
        guard currentInterval != k else { return }
        let adjacent = currentInterval == k - 1
        previous = adjacent ? current : OutlierDetection.IntervalCounts()
        localPrevious = adjacent ? localCurrent : OutlierDetection.IntervalCounts()
        current = OutlierDetection.IntervalCounts()
        localCurrent = OutlierDetection.IntervalCounts()
        currentInterval = k
    }
}
