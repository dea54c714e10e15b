import Simulator

extension ScenarioLoader {
    /// Parses `health_check:`, HAProxy's `check inter I fastinter F downinter D rise R fall F`
    /// (and its global `spread-checks`) with their defaults.
    static func parseHealthCheck(_ cursor: YAMLCursor) throws(ScenarioError) -> ActiveHealthCheck {
        let fields = try cursor.mapping(ScenarioSchema.healthCheck)
        return ActiveHealthCheck(
            interval: try fields["interval"]?.duration(atLeast: YAMLCursor.shortestPeriod) ?? .seconds(2),
            timeout: try fields["timeout"]?.positiveDuration() ?? .seconds(2),
            rise: try fields["rise"]?.int(atLeast: 1) ?? 2,
            fall: try fields["fall"]?.int(atLeast: 1) ?? 3,
            path: try fields["path"]?.string() ?? "heartbeat",
            fastInterval: try fields["fastinter"]?.duration(atLeast: YAMLCursor.shortestPeriod),
            downInterval: try fields["downinter"]?.duration(atLeast: YAMLCursor.shortestPeriod),
            spreadPercent: try fields["spread_checks"]?.int(in: ScenarioSchema.spreadChecksRange) ?? 0)
    }
}
