extension RunResult.StoreFigures {
    /// Requests that reached the store and had no answer when the run ended: still in service
    /// (its first byte or its upload under way) or held by a `hang` that had not ended — as the
    /// balancer's forwards "still in flight when the run ended". Neither a success nor an error:
    /// every request that reached the store is one of ``succeeded``, ``rejected``, ``throttled``,
    /// ``injectedErrors``, ``lostInCrash`` or these, so report.md's table adds up to `requests`,
    /// and OpenMetrics' `orrery_store_requests_total`, which counts answers, sums to `requests`
    /// less these and ``unreached``. A sync sent at `run.duration`, still in service when the
    /// last client's answer ended the run, was counted in `store.errors` with no error at all.
    /// One being served when the store crashed counts as lost only once its work would have
    /// finished (the store learns of the crash then), so one of those still pending at the end is
    /// counted here.
    var inFlightAtEnd: Int { requests - succeeded - rejected - throttled - injectedErrors - lostInCrash }

    /// Requests its clients sent that were not answered 2xx — S3's refusals, throttling, injected
    /// errors, those lost in a crash, and those that never reached it — but not those
    /// ``inFlightAtEnd``, which no answer had decided yet (`store.errors`).
    var errors: Int { requests + unreached - succeeded - inFlightAtEnd }
}
