extension MapReduce {
    /// How much virtual time the real work of a task takes on a worker.
    ///
    /// The framework runs the job's real functions over the real bytes (instantly, as far as the
    /// simulation sees), then charges the attempt
    ///
    /// - map: `records × mapPerRecord + bytes × mapPerByte + emitted × mapPerEmittedRecord +
    ///   outputBytes × spillPerByte`;
    /// - reduce: `records × reducePerRecord + keys × reducePerKey`;
    /// - moving bytes between nodes (reading log records, fetching map output, writing to the
    ///   shuffle store): `bytes / networkBytesPerSecond`, on top of the link latency;
    ///
    /// every CPU charge multiplied by the node's current `slowFactor` (a `slow` fault), and paid
    /// in small slices so that progress is visible and a crash or a pause takes effect mid-task.
    ///
    /// The per-byte costs may hold fractions of a nanosecond (`Duration` keeps attoseconds): a
    /// task's charge is summed exactly and only its total is rounded to the clock's whole
    /// nanosecond, to the nearest one (a half rounds up) — 0.4 ns a byte over 1,000,000 bytes is
    /// exactly 0.4 ms, over 1 byte 0 ns, over 2 bytes 1 ns.
    ///
    /// The defaults reproduce seed 001's figures: about 80 µs per ~100-byte log event, i.e. a map
    /// task of 10,000 events takes ~0.8 s and one map worker maps ~12,500 events/s; a reducer
    /// reduces ~20,000 keys/s.
    public struct CostModel: Sendable, Equatable {
        /// CPU time per input record (parsing, the map function's fixed cost).
        public var mapPerRecord: Duration
        /// CPU time per input byte (scanning).
        public var mapPerByte: Duration
        /// CPU time per record emitted by the map function (hashing, combining).
        public var mapPerEmittedRecord: Duration
        /// Time per byte of map output written (sorting and spilling to disk).
        public var spillPerByte: Duration
        /// CPU time per intermediate record a reduce task merges.
        public var reducePerRecord: Duration
        /// CPU time per key a reduce task reduces.
        public var reducePerKey: Duration
        /// Network throughput for bulk transfers, in bytes per second.
        public var networkBytesPerSecond: Double
        /// The largest slice of work between two progress updates.
        public var progressSlice: Duration

        /// Creates a cost model; the defaults are seed 001's.
        public init(mapPerRecord: Duration = .microseconds(50), mapPerByte: Duration = .nanoseconds(250),
                    mapPerEmittedRecord: Duration = .nanoseconds(500), spillPerByte: Duration = .nanoseconds(10),
                    reducePerRecord: Duration = .microseconds(2), reducePerKey: Duration = .microseconds(50),
                    networkBytesPerSecond: Double = 100_000_000, progressSlice: Duration = .milliseconds(250)) {
            self.mapPerRecord = mapPerRecord
            self.mapPerByte = mapPerByte
            self.mapPerEmittedRecord = mapPerEmittedRecord
            self.spillPerByte = spillPerByte
            self.reducePerRecord = reducePerRecord
            self.reducePerKey = reducePerKey
            self.networkBytesPerSecond = networkBytesPerSecond
            self.progressSlice = progressSlice
        }

        /// Unscaled CPU time of a map task with these counters: the exact sum, rounded to the
        /// nearest nanosecond (``roundedToNanoseconds(_:)``).
        public func mapTime(_ statistics: MapStatistics) -> Duration {
            Self.roundedToNanoseconds(mapPerRecord * statistics.inputRecords + mapPerByte * statistics.inputBytes
                + mapPerEmittedRecord * statistics.emittedRecords + spillPerByte * statistics.outputBytes)
        }

        /// `duration` as a whole number of nanoseconds, the nearest one (a half rounds up): the
        /// one rounding a task's charge sees, where the clock (``Swift/Duration/nanoseconds``)
        /// would drop the fraction.
        public static func roundedToNanoseconds(_ duration: Duration) -> Duration {
            let perNanosecond: Int128 = 1_000_000_000
            let attoseconds = duration.attoseconds
            let (whole, rest) = attoseconds.quotientAndRemainder(dividingBy: perNanosecond)
            // quotientAndRemainder truncates toward zero; charges are never negative.
            let nanoseconds = rest * 2 >= perNanosecond ? whole + 1 : whole
            return Duration(attoseconds: nanoseconds * perNanosecond)
        }

        /// Unscaled CPU time of a reduce task over `records` intermediate records and `keys` keys:
        /// its merge (``mergeTime(records:)``), then the reduce function over each key.
        public func reduceTime(records: Int, keys: Int) -> Duration {
            Self.roundedToNanoseconds(mergeTime(records: records) + reducePerKey * keys)
        }

        /// Unscaled CPU time of a reduce task's merge of `records` intermediate records: the
        /// first part of ``reduceTime(records:keys:)``, what Hadoop's reducer reports as its sort
        /// phase.
        public func mergeTime(records: Int) -> Duration {
            Self.roundedToNanoseconds(reducePerRecord * records)
        }

        /// Time to move `bytes` across the network (latency not included).
        public func transferTime(bytes: Int) -> Duration {
            .seconds(double: Double(bytes) / networkBytesPerSecond)
        }
    }
}
