/// Seconds between two instants of virtual time, as reports write them.
enum VirtualSeconds {
    /// The seconds from `start` to `end`, both whole nanoseconds of virtual time, to the whole
    /// nanosecond, as every instant's seconds are: report.json wrote 1.22 − 1 as
    /// `0.21999999999999997`, the binary difference, and a sweep's `balancer.detection_time`
    /// `10.777882334000001`.
    static func between(_ start: Double, _ end: Double) -> Double {
        ((end - start) * 1e9).rounded() / 1e9
    }
}
