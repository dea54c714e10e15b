extension MapReduce {
    /// Writes realistic application logs in the ``LogLine`` format from a seed, for inputs too
    /// large to keep as files.
    ///
    /// What makes them realistic: services get traffic by a Zipf law; levels are skewed (about
    /// 85 % INFO, 10 % WARN, 4 % ERROR, 1 % DEBUG); each level has its own status codes (2xx/3xx,
    /// 4xx, 5xx); latencies are lognormal with a long tail on errors; message words follow a Zipf
    /// law; and services have incidents — bursts of a few tens of seconds in which half of their
    /// requests fail — so errors cluster in time the way session windows expect. Timestamps
    /// increase with exponential gaps.
    public struct SyntheticLogGenerator {
        /// What to generate.
        public struct Configuration: Sendable, Equatable {
            /// Milliseconds since the epoch of the first line.
            public var start: Int64
            /// Mean gap between two lines, in milliseconds.
            public var meanGapMilliseconds: Double
            /// Service names, most popular first.
            public var services: [String]
            /// Probability per line that its service starts an incident (if not in one).
            public var incidentRate: Double
            /// How long an incident lasts, in milliseconds.
            public var incidentLength: Distribution

            /// Creates a configuration; the defaults give about 100 lines per second of log time.
            public init(start: Int64 = 1_710_498_225_000, meanGapMilliseconds: Double = 10,
                        services: [String] = ["api", "auth", "payments", "orders", "search", "inventory", "email", "billing"],
                        incidentRate: Double = 0.0001, incidentLength: Distribution = .uniform(min: 5_000, max: 40_000)) {
                self.start = start
                self.meanGapMilliseconds = meanGapMilliseconds
                self.services = services
                self.incidentRate = incidentRate
                self.incidentLength = incidentLength
            }
        }

        /// The configuration in use.
        public let configuration: Configuration
        private var random: SeededRandom
        private var now: Int64
        private var incidentEnds: [Int64]
        private let serviceRank: Distribution
        private let wordRank: Distribution
        /// Each service's name in UTF-8, as lines carry it.
        private let serviceBytes: [Bytes]

        static let methods = ["GET", "GET", "GET", "POST", "POST", "PUT", "DELETE"]
        static let paths = ["/", "/api/orders", "/api/users", "/api/cart", "/api/search", "/api/login", "/api/pay",
                            "/api/items", "/health", "/static/app.js"]
        static let words = ["request", "completed", "user", "session", "cache", "miss", "hit", "timeout", "upstream",
                            "connection", "reset", "retry", "db", "query", "slow", "ok", "token", "expired", "invalid",
                            "payload", "order", "created", "payment", "declined", "inventory", "reserved", "email",
                            "queued", "rate", "limited", "pool", "exhausted", "latency", "high", "refused", "served",
                            "from", "replica", "primary", "failover", "started", "shutdown", "gc", "pause", "heap",
                            "warning", "not", "found", "unauthorized", "forbidden"]

        /// A generator whose whole output is fixed by `seed` and `configuration`.
        public init(seed: UInt64, configuration: Configuration = Configuration()) {
            precondition(!configuration.services.isEmpty, "the generator needs at least one service")
            self.configuration = configuration
            random = SeededRandom(seed: seed, stream: "mapreduce.synthetic-log")
            now = configuration.start
            incidentEnds = Array(repeating: .min, count: configuration.services.count)
            serviceRank = .zipf(n: configuration.services.count, exponent: 1.1)
            wordRank = .zipf(n: SyntheticLogGenerator.words.count, exponent: 1.0)
            serviceBytes = configuration.services.map { Bytes($0.utf8) }
        }

        /// Appends the next line and its `\n` to `buffer`.
        public mutating func appendLine(to buffer: inout Bytes) {
            now += max(0, Int64(Distribution.exponential(mean: configuration.meanGapMilliseconds).sample(using: &random).rounded()))
            let service = Int(serviceRank.sample(using: &random)) - 1
            if incidentEnds[service] < now, random.chance(configuration.incidentRate) {
                incidentEnds[service] = now + Int64(configuration.incidentLength.sample(using: &random))
            }
            let inIncident = incidentEnds[service] >= now
            let roll = random.nextUnitInterval()
            let level: Level, status: Int, latency: Double
            if inIncident && roll < 0.5 || !inIncident && roll < 0.04 {
                level = .error
                status = [500, 502, 503, 503, 504][Int(random.next() % 5)]
                latency = Distribution.lognormal(median: 800, sigma: 1.0).sample(using: &random)
            } else if roll < (inIncident ? 0.65 : 0.14) {
                level = .warn
                status = [400, 401, 403, 404, 404, 429][Int(random.next() % 6)]
                latency = Distribution.lognormal(median: 120, sigma: 0.8).sample(using: &random)
            } else {
                level = roll < (inIncident ? 0.66 : 0.15) ? .debug : .info
                status = [200, 200, 200, 200, 201, 204, 301, 304][Int(random.next() % 8)]
                latency = Distribution.lognormal(median: 40, sigma: 0.6).sample(using: &random)
            }
            // The line's bytes go straight into the buffer: `2024-03-15T10:23:45.000Z INFO api GET
            // /api/orders 200 41ms request completed …`, drawn in the same order as its fields.
            let space = UInt8(ascii: " ")
            Timestamp.append(now, to: &buffer)
            buffer.append(space)
            buffer.append(contentsOf: Self.levelBytes[level.rawValue])
            buffer.append(space)
            buffer.append(contentsOf: serviceBytes[service])
            buffer.append(space)
            buffer.append(contentsOf: Self.methodBytes[Int(random.next() % UInt64(Self.methodBytes.count))])
            buffer.append(space)
            buffer.append(contentsOf: Self.pathBytes[Int(random.next() % UInt64(Self.pathBytes.count))])
            buffer.append(space)
            DecimalText.append(Int64(status), to: &buffer)
            buffer.append(space)
            DecimalText.append(Int64(Int(latency.rounded())), to: &buffer)
            buffer.append(UInt8(ascii: "m"))
            buffer.append(UInt8(ascii: "s"))
            for _ in 0..<(3 + Int(random.next() % 6)) {
                buffer.append(space)
                buffer.append(contentsOf: Self.wordBytes[Int(wordRank.sample(using: &random)) - 1])
            }
            buffer.append(UInt8(ascii: "\n"))
        }

        /// A line's level, indexing ``levelBytes``.
        private enum Level: Int { case error, warn, debug, info }
        private static let levelBytes: [Bytes] = ["ERROR", "WARN", "DEBUG", "INFO"].map { Bytes($0.utf8) }
        private static let methodBytes = methods.map { Bytes($0.utf8) }
        private static let pathBytes = paths.map { Bytes($0.utf8) }
        private static let wordBytes = words.map { Bytes($0.utf8) }

        /// The next `count` lines as one buffer.
        public mutating func lines(_ count: Int) -> Bytes {
            var buffer = Bytes()
            buffer.reserveCapacity(count * 96)
            for _ in 0..<count { appendLine(to: &buffer) }
            return buffer
        }

        /// Lines until the buffer holds at least `byteCount` bytes (it ends with a whole line).
        public mutating func bytes(atLeast byteCount: Int) -> Bytes {
            var buffer = Bytes()
            buffer.reserveCapacity(byteCount + 256)
            while buffer.count < byteCount { appendLine(to: &buffer) }
            return buffer
        }

        /// `count` documents of `linesEach` lines each, with ids 0, 1, … and names `log-0`, ….
        public mutating func documents(_ count: Int, linesEach: Int) -> [Document] {
            (0..<count).map { Document(id: UInt32($0), name: "log-\($0)", bytes: lines(linesEach)) }
        }
    }
}
