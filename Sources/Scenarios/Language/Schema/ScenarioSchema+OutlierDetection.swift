import Simulator

/// `balancer.outlier_detection:`, Envoy's outlier detection.
extension ScenarioSchema {
    /// `success_rate_minimum_hosts` and `failure_percentage_minimum_hosts`: Envoy takes any
    /// 32-bit count, 0 included (which acts as 1); Orrery's usual count limit bounds it.
    static let outlierMinimumHosts = 0...YAMLCursor.maximumCount
    /// `success_rate_stdev_factor`, in thousandths. No server's success rate lies more than √(n − 1)
    /// population standard deviations below the mean of n (Samuelson's inequality): √999 ≈ 31.6
    /// for the most servers a file may have, so a factor of 100 (100000) already ejects no one.
    static let outlierStdevFactor = 0...100_000

    /// `outlier_detection:`.
    static let outlierDetection = SchemaObject([
        .optional("consecutive_errors", .count(atLeast: 1), "Errors in a row (a 5xx, a timeout or a connect error) that eject a server (Envoy's consecutive_5xx); default 5."),
        .optional("consecutive_gateway_failure", .count(atLeast: 1), "Gateway failures in a row (502, 503 or 504 answers; without split_external_local_origin_errors also timeouts and connect errors, which Envoy counts as 504 and 503) that ask for an ejection; any other answer resets the count (Envoy's consecutive_gateway_failure); 1 … 1000000000; default 5."),
        .optional("enforcing_consecutive_gateway_failure", .percentage, "The chance that an ejection by consecutive gateway failures happens, drawn from the seed only when strictly between 0 and 100; default 0 (detected, never ejected), as in Envoy."),
        .optional("split_external_local_origin_errors", .flag, "Count timeouts and connect errors apart from the servers' answers (Envoy's split_external_local_origin_errors): consecutive_errors, consecutive_gateway_failure and the success-rate and failure-percentage detectors then see only answers, and the local-origin detectors see each forward's connection: made (a success; every answered or timed-out forward, as Envoy's router reports a ready connection before the per-try timeout starts), timed out or not made (a failure). Default false."),
        .optional("consecutive_local_origin_failure", .count(atLeast: 1), "With split_external_local_origin_errors: local-origin failures in a row that ask for an ejection; a connection made resets the count, so a server that accepts connections and times out is back to one after each timeout (Envoy's consecutive_local_origin_failure); 1 … 1000000000; default 5."),
        .optional("enforcing_consecutive_local_origin_failure", .percentage, "The chance that an ejection by consecutive local-origin failures happens, drawn from the seed only when strictly between 0 and 100; default 100."),
        .optional("enforcing_local_origin_success_rate", .percentage, "With split_external_local_origin_errors: the chance that a success-rate outlier of the local-origin results (judged after the answers' with the same minimum hosts, request volume and factor, on the servers still in) is ejected; default 100, as in Envoy."),
        .optional("enforcing_failure_percentage_local_origin", .percentage, "With split_external_local_origin_errors: the chance that a failure-percentage outlier of the local-origin results (same threshold, minimum hosts and request volume) is ejected; default 0 (off), as in Envoy."),
        .optional("enforcing_consecutive_5xx", .percentage, "The chance that an ejection by consecutive errors happens (Envoy's enforcing_consecutive_5xx), drawn from the seed only when strictly between 0 and 100; default 100."),
        .optional("base_ejection_time", .positiveDuration, "Default 30s."),
        .optional("max_ejection_time", .positiveDuration, "Default 300s."),
        .optional("max_ejection_time_jitter", .duration, "Each ejection lasts a further random whole number of milliseconds from 0 to this, drawn from the seed (Envoy's max_ejection_time_jitter); default 0."),
        .optional("successful_active_health_check_uneject_host", .flag, "With health_check, a check that leaves an ejected server healthy ends its ejection at once (Envoy's successful_active_health_check_uneject_host); default true, as in Envoy."),
        .optional("max_ejection_percent", .percentage, "The most servers ejected at once, counting the one to eject, as Envoy's 100 × (ejected + 1) / servers ≤ it, for every detector: the default 10 ejects no server of fewer than ten unless always_eject_one_host."),
        .optional("interval", .period, "The detector's timer, ticking every interval from 0 s: ejections end at its first tick after their time, the success-rate and failure-percentage detectors judge the last interval's forwards at each tick, and each interval a server spends back lowers its ejection multiplier by one; at least 1ms; default 10s."),
        .optional("always_eject_one_host", .flag, "One server may be ejected whatever max_ejection_percent says (Envoy's always_eject_one_host); default false."),
        .optional("success_rate_minimum_hosts", .integer(in: outlierMinimumHosts), "Success rate, on by default as in Envoy: at each tick, if at least this many servers not ejected had success_rate_request_volume forwards or more in the last interval, each of them whose success rate (answers other than 5xx, out of forwards; timeouts and connect errors are failures) lies below mean − success_rate_stdev_factor / 1000 × the population standard deviation of their rates is ejected. Default 5 (0 acts as 1)."),
        .optional("success_rate_request_volume", .count(atLeast: 1), "Forwards a server needs in the last interval to count for the success rate; default 100."),
        .optional("success_rate_stdev_factor", .integer(in: outlierStdevFactor), "The success-rate threshold's distance below the mean, in thousandths of a standard deviation; 0 … 100000 (no server of 1,000 lies more than √999 ≈ 31.6 deviations below the mean); default 1900."),
        .optional("enforcing_success_rate", .percentage, "The chance that a success-rate outlier is ejected, drawn from the seed only when strictly between 0 and 100; 0 turns the detector off; default 100, as in Envoy."),
        .optional("failure_percentage_threshold", .percentage, "Failure percentage, off by default as in Envoy: at each tick, if at least failure_percentage_minimum_hosts servers not ejected had failure_percentage_request_volume forwards or more in the last interval, each of them that failed at least this percentage of its forwards is ejected; a server also a success-rate outlier at that tick is ejected a second time, as in Envoy (a longer ejection, and one more server counted as ejected for good against max_ejection_percent). Default 85."),
        .optional("failure_percentage_minimum_hosts", .integer(in: outlierMinimumHosts), "Default 5 (0 acts as 1)."),
        .optional("failure_percentage_request_volume", .count(atLeast: 1), "Forwards a server needs in the last interval to count for the failure percentage; default 50."),
        .optional("enforcing_failure_percentage", .percentage, "The chance that a failure-percentage outlier is ejected, drawn from the seed only when strictly between 0 and 100; default 0 (off), as in Envoy."),
    ])
}
