extension ActiveHealthCheck {
    /// Where a server's check task stands — what HAProxy keeps in its check's `task->expire` and
    /// `CHK_ST_INPROGRESS` — kept in the server's ``State`` so that the errors the forwards observe
    /// (``observe(_:into:)``) can move its next check earlier or end the check in flight, as
    /// `__health_adjust` does by waking the task (`task_wakeup(s->check.task, TASK_WOKEN_MSG)`).
    ///
    /// The task's `spread-checks` stream lives here too, so that such a rescheduling draws from
    /// the same stream as the loop, in the order HAProxy's one task would draw.
    struct CheckTask: Sendable {
        /// The current loop's number: each start of the server's check loop takes the next, and a
        /// loop that finds another number here has been replaced and ends.
        var loop = 0
        /// When the next check is due, while none is in flight (nil before the loop starts).
        var nextCheck: VirtualInstant?
        /// Whether a check is in flight (HAProxy's `CHK_ST_INPROGRESS`).
        var probing = false
        /// The check in flight was failed by the observed errors: HAProxy set its result
        /// (`set_server_check_status(check, HCHK_STATUS_HANA, …)`), so when it ends its own
        /// answer counts for nothing (`tcpcheck_main` returns at once on a result already set).
        var probeFailed = false
        /// `spread-checks`' stream for the server (nil before the loop starts).
        var random: SeededRandom?
    }
}
