import Simulator

extension ScenarioLoader {
    /// Refuses a `slow`, `hang` or `errors` fault (`action`) on `target` when nothing on that node
    /// models it: they were accepted on any node, listed in the report and counted, and changed
    /// nothing on the object store, the log, a queue's broker or controller, a producer, the
    /// backup host, the balancer, the coordinator or an operations' client.
    ///
    /// What takes them: a server takes all three (one placed `on:` a MapReduce node too); the
    /// object store takes all three (``ObjectStore``); a MapReduce worker takes `slow` and `hang`.
    /// The messages name what takes the fault in a world (a MapReduce file's own name only
    /// workers: ``MapReduceScenarioLoader/hangOnlyOnWorkers(_:)``).
    /// The error points at the node's name.
    static func refuseUnmodelledFault(_ action: String, on target: NodeID, at cursor: YAMLCursor, mapreduce: MapReduceSection?,
                                      store: StoreSection?, servers: [Scenario.Server]) throws(ScenarioError) {
        if servers.contains(where: { $0.id == target }) || store?.id == target { return }
        let isWorker = mapreduce?.nodes.contains(target) == true && target.name.hasPrefix("worker-")
        switch action {
        case "slow":
            if isWorker { return }
            throw cursor.error(.invalidValue(slowNeedsAServiceTime(target)))
        case "hang":
            if isWorker { return }
            throw cursor.error(.invalidValue(hangNeedsRequests(target)))
        default:
            throw cursor.error(.invalidValue(errorsNeedAnAnswerer(target, orHang: isWorker)))
        }
    }

    /// Why `slow` cannot name `node`: nothing on it has a service time to stretch.
    static func slowNeedsAServiceTime(_ node: NodeID) -> String {
        "'slow' multiplies the service times of a server, a MapReduce worker or the object store; '\(node)' is none of them "
            + "and nothing on it has a service time to stretch — use 'pause:' (with 'for:') to stall it, or 'latency_spike:' to slow every link, instead"
    }

    /// Why `hang` cannot name `node`: nothing on it holds requests to answer 500 later.
    static func hangNeedsRequests(_ node: NodeID) -> String {
        "'hang' holds the requests of a server, a MapReduce worker or the object store and answers them 500 when it ends; '\(node)' "
            + "is none of them — use 'pause:' (with 'for:') or 'crash:' instead"
    }

    /// Why `errors` cannot name `node`: nothing on it answers requests with a status. A MapReduce
    /// worker (`orHang`) fails whole, and may be hung instead.
    static func errorsNeedAnAnswerer(_ node: NodeID, orHang: Bool = false) -> String {
        "'errors' makes a server or the object store answer a share of its requests with 500; '\(node)' is neither — "
            + (orHang ? "a MapReduce worker's failures are whole: use 'crash:', 'pause:' (with 'for:') or 'hang:' instead"
                      : "use 'crash:', 'pause:' (with 'for:') or 'drop_rate:' instead")
    }
}
