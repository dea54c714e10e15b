import Foundation
import Reports
import Simulator

/// What a world will ask of the machine, estimated from its file before anything runs: events
/// (requests, records, faults), simultaneous tasks, and bytes held. A world whose estimate exceeds
/// its event limit or ``ResourceBudget/memoryBytes`` is refused at load time with the value that
/// drives the estimate, instead of running for minutes into the event limit or out of memory.
///
/// The estimates are deliberately rough upper-end figures (about 10 events and 2 KiB per
/// concurrent user, 6 KiB more per request a balancer holds on a task, 11 events per request (16
/// through a balancer, one more for an open-loop request that waits in a queue) and a tenth of one for each server a balancer's pick visits, 10 per
/// open-loop arrival drawn, kept or not, and one for each burst it looks at, 6 per log record, 30 per partition a queue consumer
/// fetches (one a round trip), 320 bytes per record handed to a queue group, 100 per request of a
/// backup, 20 and 2 KiB per chaos fault drawn up to the time limit (one a gap and outage a node),
/// 100 and 8 KiB per fault of a MapReduce cluster's chaos and 12 bytes per pair of its nodes a
/// partition, 4 bytes held per input byte, 10 events
/// per answer to a reducer started before its maps are done); they only need to tell a
/// laptop-sized world from one that cannot finish.
public struct ResourceBudget: Sendable, Equatable {
    /// The memory a world may be estimated to need: 4 GiB.
    public static let memoryBytes: Double = 4 * 1_073_741_824

    /// Events the run is expected to process.
    public var events: Double = 0
    /// Bytes it is expected to hold at its peak.
    public var bytes: Double = 0
    /// The section whose value dominates each estimate, for the error.
    public var eventsDrivenBy = ""
    public var bytesDrivenBy = ""
    /// Where in the file the value that drives each estimate is written, when one key of its
    /// section does (`workload.rate`, `servers.*.queue`: the list's item whose value is the
    /// largest), for the refusal's position (``ScenarioLoader/budgetCursor(_:in:)``).
    public var eventsDrivenAt: String?
    public var bytesDrivenAt: String?

    /// The virtual time the estimates cover: the run's duration, or its time limit (or, for a
    /// world of jobs alone that nothing can strike, when its jobs end at the latest:
    /// ``jobsEnd(in:)``) — or, when a composed world keeps running past its duration for
    /// something it schedules later (a job's `submit_at`, a producer, a restore, the explicit
    /// operations) or a queue producer may still be retrying, until then (at most its time
    /// limit). The clients' requests are counted over the duration, when they stop.
    public var horizon: Duration = .zero
    /// What keeps the world running past its duration, when something does.
    public var runsOn: RunsOn?
    /// An open loop's peak rate factor — the largest product of the burst multipliers in force at
    /// once (1 without bursts) — for the refusal's position.
    public var burstFactor: Double = 1
    /// A closed loop's users counted as cycling at their think time and the round trip because
    /// the world may lose its servers, when that is what its requests are (``SpinningUsers``).
    public var spinningUsers: SpinningUsers?
    /// Whether the horizon is the run's time limit.
    public var horizonIsTimeLimit = false
    /// Whether the horizon is when a world of jobs alone ends at the latest
    /// (``jobsEnd(in:)``), short of its time limit.
    public var endsWithJobs = false

    /// Something a composed world schedules after its `run.duration`, or a queue producer's
    /// retries, which keeps it running (with its heartbeats, polls, syncs and chaos) until then.
    public struct RunsOn: Sendable, Equatable {
        /// Where it is written (`mapreduce.jobs.0.submit_at`: the list's index, then the key), for the error.
        public var section: String
        /// What it is, for the error: `job 'job-1' (word-count) is submitted at 360,000,000.000 s`.
        public var what: String
        /// Whether the world would fit its budget if it ended at its duration: if so, this is
        /// what the refusal names.
        public var fitsWithout: Bool
        /// Whether it is a queue producer that may retry until then (else something scheduled).
        public var retrying = false
        /// Whether that producer's last message expires (its delivery timeout) before its
        /// attempts are over: fewer attempts or a shorter timeout would not end it sooner.
        public var expiring = false
        /// Whether it is something a fault may keep from ending (a job, an operation), which
        /// keeps the world running until its time limit.
        public var stuck = false
    }

    /// The latest thing that keeps a world running past its duration: its end (seconds; the run
    /// stops at its time limit all the same), where it is written and what it is.
    struct Scheduled {
        var end: Double
        var section: String
        var what: String
        var retrying = false
        var expiring = false
        var stuck = false
        /// The end as the file wrote it, for what it schedules (a producer's retries are computed).
        var exactEnd: Duration?
    }

    /// Estimates `scenario`.
    public init(_ scenario: Scenario) {
        self.init(scenario, runningOn: true)
    }

    private init(_ scenario: Scenario, runningOn: Bool) {
        var clientsHorizon = scenario.limits.duration ?? scenario.limits.timeLimit
        if let end = Self.jobsEnd(in: scenario), end < scenario.limits.timeLimit.seconds {
            clientsHorizon = .seconds(double: end)
            endsWithJobs = true
        }
        self.horizon = clientsHorizon
        if runningOn, let duration = scenario.limits.duration, let latest = Self.latestRunningOn(in: scenario), latest.end > duration.seconds {
            self.horizon = min(latest.exactEnd ?? .seconds(double: latest.end), scenario.limits.timeLimit)
            let base = ResourceBudget(scenario, runningOn: false)
            runsOn = RunsOn(section: latest.section, what: latest.what, fitsWithout: base.problem(eventLimit: scenario.limits.eventLimit) == nil,
                            retrying: latest.retrying, expiring: latest.expiring, stuck: latest.stuck)
        }
        let horizon = clientsHorizon.seconds
        var reducerBytes: (bytes: Double, key: String)?
        if let workload = scenario.workload {
            let requests: Double
            // Of them, those the balancer answers at once for want of a server in rotation
            // (``spinningSpan(in:over:)``): never forwarded, never retried.
            var answeredAtBalancer = 0.0
            if let limit = workload.requestLimit {
                requests = Double(limit)
            } else {
                switch workload.arrivals {
                case .openLoop(let rate):
                    requests = rate * workload.peakRateFactor * horizon
                case .closedLoop(let users, let think):
                    // A served user's cycle is at least the think time, two network crossings and
                    // the fastest service. Users beyond what the servers hold (slots and queues) are
                    // turned away at once (503) and come back after the think time and the network.
                    // At the network's shortest latency (``shortestLatency(in:)``): a link or a
                    // zone may be faster than the default.
                    let latency = Self.shortestLatency(in: scenario)
                    let thinking = (think.mean ?? 0) + 2 * latency
                    let service = scenario.servers.compactMap { $0.configuration.serviceTime.mean }.min() ?? 0
                    let room = scenario.servers.isEmpty ? Double.infinity : scenario.servers.reduce(0.0) {
                        $0 + Double($1.configuration.slots) + Double($1.configuration.queueCapacity)
                    }
                    let served = min(Double(users), room)
                    let cycling = served * horizon / max(thinking + service, 1e-6)
                        + (Double(users) - served) * horizon / max(thinking, 1e-6)
                    // A world that may lose every server (a deployment, scheduled faults, chaos)
                    // answers its users at once while they are down: 10 users with no think time
                    // and a latency of 1ns sent billions of requests during an all-at-once deploy.
                    // They spin only while the faults may fail every try at once or leave no server
                    // (``spinningSeconds(in:over:)``), and at most as if for the whole run.
                    // So may a balancer's limits, lossy links or health that ejects servers for their
                    // own errors, with every server up (``answersAtOnce(in:)``).
                    let mayLoseServers = scenario.deployment != nil || !scenario.faults.entries.isEmpty || scenario.faults.chaos != nil
                        || Self.answersAtOnce(in: scenario) != nil
                    let span = mayLoseServers ? Self.spinningSpan(in: scenario, over: horizon) : (seconds: 0, atBalancer: 0)
                    let perSecond = Double(users) / max(thinking, 1e-9)
                    // While no server may be in rotation the balancer answers every user at once,
                    // at a sixth of a forwarded request's events; at any instant the world is so or
                    // cycles as above, so those seconds count whichever costs more a second
                    // (``eventsAnsweredAtBalancer``).
                    var atBalancer = 0.0
                    if let balancer = scenario.balancer, span.atBalancer > 0, horizon > 0 {
                        let members = Double(scenario.servers.count)
                        let forwarded = Self.eventsPerRequest(through: balancer) + members / 10
                            + (Self.expectedTries(of: scenario, balancer: balancer) - 1) * (members / 10 + 10)
                        let cyclingEvents = forwarded * cycling / horizon, answeringEvents = (Self.eventsAnsweredAtBalancer + members / 10) * perSecond
                        if answeringEvents > cyclingEvents { atBalancer = span.atBalancer }
                    }
                    let cycled = horizon > 0 ? cycling * (horizon - atBalancer) / horizon : cycling
                    let seconds = span.seconds - span.atBalancer + atBalancer
                    let spinning = perSecond * (span.seconds - span.atBalancer)
                    let forwardedRequests = mayLoseServers ? min(cycled + spinning, max(cycled, perSecond * (horizon - atBalancer))) : cycling
                    let counted = forwardedRequests + perSecond * atBalancer
                    // A request cut short by its timeout leaves its slot taken: once the room is
                    // full, every try is refused at once (``cutShort(in:workload:)``).
                    let cutShort = Self.cutShort(in: scenario, workload: workload)
                    let abandoning = cutShort.map { Double(users) * horizon / max((think.mean ?? 0) + min($0.seconds, 2 * latency), 1e-9) } ?? 0
                    requests = max(counted, abandoning)
                    if abandoning <= counted { answeredAtBalancer = perSecond * atBalancer }
                    if let cutShort, abandoning > counted {
                        spinningUsers = Self.spinningUsers(in: scenario, users: users, thinkTime: think.mean ?? 0, roundTrip: min(cutShort.seconds, 2 * latency),
                                                           seconds: horizon, cutShortBy: cutShort.key, networkRoundTrip: 2 * latency)
                    } else if mayLoseServers && perSecond * seconds > cycling {
                        spinningUsers = Self.spinningUsers(in: scenario, users: users, thinkTime: think.mean ?? 0, roundTrip: 2 * latency, seconds: seconds)
                    }
                }
            }
            if case .openLoop = workload.arrivals { burstFactor = workload.peakRateFactor }
            // A request count drives them where one is given; else the rate, or the users.
            let arrivalsKey = if case .closedLoop = workload.arrivals { "workload.users" } else { "workload.rate" }
            // Measured (10 minutes of each, events ÷ requests): an open loop 11.0 a request
            // straight to its servers, 16.0 through a balancer (its two more crossings of the
            // network) whatever the strategy (round robin, least_conn), the servers (1, 4 or 50)
            // or connection pools and queue; a closed loop 9.6 and 14.6. Ten a request had let
            // in a least_conn world whose 599,536 requests needed 9.6 × 10⁶ events, estimated at
            // 6.2 × 10⁶ against its limit of 8 × 10⁶, which it reached at 500 s of its 600.
            // An open-loop request that waits in a server's queue takes one more, its wake
            // (``waitingShare(in:workload:)``).
            let waiting = Self.waitingShare(in: scenario, workload: workload)
            let forwarded = requests - answeredAtBalancer
            add(events: (Self.eventsPerRequest(through: scenario.balancer) + waiting) * forwarded + Self.eventsAnsweredAtBalancer * answeredAtBalancer,
                by: workload.requestLimit != nil ? "run.requests" : "workload", at: workload.requestLimit != nil ? nil : arrivalsKey)
            addArrivalDraws(of: workload, requests: requests, over: horizon)
            // Every pick visits every member (its health and limits, then the strategy's scan):
            // ~140 instructions a member for least_conn, a tenth of an event's. A thousand servers
            // make a request cost ten times its events, and every retry is a pick and a forward
            // more: a thousand servers all answering 500 with `http_5xx` retried made a request
            // a thousand picks of a thousand members, and the run never ended.
            if let balancer = scenario.balancer {
                let members = Double(scenario.servers.count)
                add(events: requests * members / 10, by: "servers")
                let retries = Self.expectedTries(of: scenario, balancer: balancer) - 1
                if retries > 0 { add(events: forwarded * retries * (members / 10 + 10), by: "balancer.retries") }
            }
            if case .closedLoop(let users, _) = workload.arrivals { add(bytes: 2_048 * Double(users), by: "workload.users") }
            // The clients' metrics count completions, failures and latency per virtual second, in
            // all and per server, up to the last answer, and the report writes each second: a
            // century at one request a day held 2.7 GB of empty seconds. Measured over 2,000
            // virtual hours at one request an hour: 74.6 bytes a second with one server, 129 with
            // nine (20,000 hours with one server, estimated at 2.9 GB before, held 4.59 GB).
            // A balancer keeps its own per-second figures for each server besides: measured (open
            // loop at 0.01 a second, least_conn, the slope between two durations) 180 bytes a
            // second with one server, 895 with five, 15,600 with a hundred (~155–180 a
            // server-second; without a balancer 76 with one, 1,170 with a hundred). A hundred
            // servers for 80 hours held 4.78 GB where 253 MB was estimated; charged 180 more a
            // server-second, with a margin.
            let perServer = 8 + (scenario.balancer != nil ? 180.0 : 0)
            add(bytes: (80 + perServer * Double(scenario.servers.count)) * horizon, by: scenario.limits.duration != nil ? "run.duration" : "run.time_limit")
            // Requests waiting in the servers' queues and the balancer's are held until served:
            // at most as many as are ever in flight (the users, or every request of an open loop),
            // as the servers' room holds, or — where they keep up — as arrive while one is served
            // (``requestsHeldWhileKeepingUp(in:workload:throughConnectionLimits:)``); each of a
            // request's tries the servers may still work at when it times out is held apiece
            // (``queuedTries(in:)``). The balancer's queue by the same rule, through the servers'
            // connection limits (``requestsQueuedAtBalancer(_:in:workload:inFlight:)``), and the
            // waits it gives up on until a connection ends (``settledWaitsAtBalancer(_:in:workload:requests:over:)``).
            let requestsInFlight: Double = if case .closedLoop(let users, _) = workload.arrivals { Double(users) } else { requests }
            let inFlight = requestsInFlight * Self.queuedTries(in: scenario)
            let serverRoom = scenario.servers.reduce(0.0) { $0 + Double($1.configuration.slots) + Double($1.configuration.queueCapacity) }
            let keptUp = Self.requestsHeldWhileKeepingUp(in: scenario, workload: workload) ?? .infinity
            let atServers = min(inFlight, serverRoom, keptUp)
            // The value that bounds them: the servers' queues (or slots), else the arrivals.
            let atServersKey = atServers == serverRoom ? (scenario.servers.contains { $0.configuration.queueCapacity >= $0.configuration.slots } ? "servers.*.queue" : "servers.*.slots") : arrivalsKey
            add(bytes: 512 * atServers, by: "servers", at: atServersKey)
            if case .openLoop(let rate) = workload.arrivals {
                // An open loop's requests keep arriving while earlier ones wait for their answers
                // or timeouts, each ~1 KiB held (its client's call, the balancer's forward):
                // Little's law, rate × time held. A world whose servers or network may swallow a
                // request (a crash, a pause or hang, a dropping partition, lost messages) holds
                // each for its timeouts: 100,000 requests a second behind two crashed servers
                // held 5.3 GB.
                let held = min(requests, rate * workload.peakRateFactor * min(horizon, Self.secondsHeld(in: scenario, workload: workload)))
                add(bytes: 1_024 * held, by: "workload", at: "workload.rate")
            }
            if let queue = scenario.balancer?.configuration.queue {
                add(bytes: 6_144 * Self.requestsQueuedAtBalancer(queue, in: scenario, workload: workload, inFlight: inFlight), by: "balancer.queue")
                add(bytes: 64 * Self.settledWaitsAtBalancer(queue, in: scenario, workload: workload, requests: requests, over: horizon), by: "balancer.queue")
            }
            // With connection pools every request the balancer holds waits on a task of its own
            // (a connection may have to be set up first), whose frames take ~5 KiB: a closed loop
            // of 100,000 users held 550 MB more with keepalive than without, one of 10^6 users
            // 6.9 GB before it was stopped.
            if scenario.balancer?.configuration.keepalive != nil {
                add(bytes: 6_144 * atServers, by: "balancer.keepalive", at: atServersKey)
            }
        }
        if let log = scenario.log {
            let records = log.producers.reduce(0.0) { $0 + Double($1.records) }
            add(events: 6 * records, by: "log.producers")
            add(bytes: 256 * records, by: "log.producers")
        }
        if let mapreduce = scenario.mapreduce {
            var inputBytes = 0.0
            for job in mapreduce.jobs {
                guard case .documents(let input) = job.input else { continue }
                inputBytes += input.estimatedBytes
            }
            // Documents, records, map output, shuffle copies and the oracle's run over them; a task's
            // records and reports (a job's reduce tasks each have several).
            add(bytes: 4 * inputBytes, by: "mapreduce.jobs")
            // Every attempt a crash ends is run again from its split's first record.
            let cluster = mapreduce.cluster
            let attempts = cluster.attemptChaos?.expectedAttempts(maxAttempts: cluster.policy.maxAttempts) ?? 1
            let attemptsBy = attempts > 1 ? "mapreduce.attempt_chaos" : "mapreduce.jobs"
            add(events: attempts * inputBytes / 10, by: attemptsBy)
            let reduceTasks = Double(mapreduce.jobs.reduce(0) { $0 + $1.spec.reducers })
            add(bytes: 1_024 * reduceTasks, by: "mapreduce.jobs")
            // The cluster's own chaos: each fault a record, timers, its report lines and what it
            // strikes (measured: 300,000 faults over 100 workers 40 s and 2.5 GB, ~8 KiB each).
            if let chaos = mapreduce.chaos {
                add(events: 100 * chaos.expectedFaults, by: "mapreduce.chaos")
                add(bytes: 8_192 * chaos.expectedFaults, by: "mapreduce.chaos")
                addChaosPartitions(of: chaos, nodes: mapreduce.nodes.count)
            }
            // Every map task writes a partition for every reduce task, and every reduce task
            // fetches one from every map task: a million one-record splits for 10,000 reducers
            // were 10^10 partitions.
            // One job's reducers drive them (or the attempt chaos).
            var partitions = 0.0, most = (partitions: -1.0, index: 0)
            for (index, job) in mapreduce.jobs.enumerated() {
                guard let maps = Self.estimatedMapTasks(of: job, in: scenario) else { continue }
                let its = maps * Double(job.spec.reducers)
                partitions += its
                if its > most.partitions { most = (its, index) }
            }
            let reducersKey = "mapreduce.jobs.\(most.index).reducers"
            add(events: 2 * attempts * partitions, by: attemptsBy, at: attempts > 1 ? nil : reducersKey)
            add(bytes: 64 * partitions, by: "mapreduce.jobs", at: reducersKey)
            reducerBytes = (1_024 * reduceTasks + 64 * partitions, reducersKey)
        }
        let running = self.horizon.seconds
        if let queue = scenario.queue {
            addQueueWork(of: queue, over: running, roundTrip: QueueSection.fetchRoundTrip(defaultLink: scenario.defaultLink, links: scenario.links))
            addLeaderChurn(of: queue, in: scenario, over: running)
        }
        addPeriodicWork(of: scenario, over: running)
        addBackups(of: scenario, over: running)
        addFaultLabels(of: scenario)
        if let backup = scenario.backup, let churn = backup.churn {
            add(bytes: churn.estimatedBytes(over: self.horizon), by: "backup.source")
            // Each sync walks the whole source, which grows by its creations less its deletions.
            add(events: churn.estimatedSyncedFiles(over: self.horizon, syncInterval: backup.manager.syncInterval), by: "backup.source")
        }
        addSlowStoreWrites(of: scenario)
        addOperationRetries(of: scenario)
        addChaos(of: scenario)
        // The reducers' bytes (a record a reduce task, a partition each map task writes for each)
        // tip a world over the memory it would fit without them: the refusal is at the job's
        // `reducers:` (302 reducers of a 10⁷-line job were refused at the jobs, 3,000 at the
        // reducers), whichever figure is the largest.
        if let reducerBytes, bytes > Self.memoryBytes, bytes - reducerBytes.bytes <= Self.memoryBytes {
            (bytesDrivenBy, bytesDrivenAt) = ("mapreduce.jobs", reducerBytes.key)
        }
        horizonIsTimeLimit = self.horizon == scenario.limits.timeLimit
    }

    /// Heartbeats, health checks, polls and syncs: they run for as long as the world does, so a
    /// world whose time limit is far away (a job submitted in a century, a producer at one record
    /// a year) pays for them until then. About 10 events per call, as for a request.
    private mutating func addPeriodicWork(of scenario: Scenario, over horizon: Double) {
        func wakeUps(every interval: Duration, times: Int = 1) -> Double {
            Double(times) * horizon / max(interval.seconds, 1e-9)
        }
        if let check = scenario.balancer?.configuration.healthCheck {
            // A server may be checked at any of its intervals for the whole run (one down from the
            // start, at downinter); spread-checks' jitter leaves the mean wait as it is.
            let shortest = [check.fastInterval, check.downInterval].compactMap { $0 }.reduce(check.interval, min)
            add(events: 10 * wakeUps(every: shortest, times: scenario.servers.count), by: "balancer.health_check")
        }
        if let outlier = scenario.balancer?.configuration.outlierDetection, outlier.statisticsCanEject(servers: scenario.servers.count) {
            // Each tick of the statistics' interval timer reads every server's last interval: about
            // one event's work a server (1,000 servers ticking every millisecond for 10 minutes,
            // 6 × 10⁸, run in ~44 s); with `split_external_local_origin_errors` a second pass
            // reads their local-origin results.
            let passes = outlier.localOrigin.split ? 2 : 1
            add(events: wakeUps(every: outlier.interval, times: passes * scenario.servers.count), by: "balancer.outlier_detection")
        }
        if let mapreduce = scenario.mapreduce {
            let cluster = mapreduce.cluster
            // Where the largest of them is set: the workers' heartbeats, the coordinator's
            // monitor, the job clients' polls.
            let calls = [(wakeUps(every: cluster.policy.heartbeatInterval, times: cluster.workers), "mapreduce.cluster.policy.heartbeat_interval"),
                         (wakeUps(every: cluster.policy.monitorInterval), "mapreduce.cluster.policy.monitor_interval"),
                         (wakeUps(every: cluster.pollInterval, times: mapreduce.jobs.count), "mapreduce.cluster.poll_interval")]
            let largest = calls.max { $0.0 < $1.0 }
            add(events: 10 * calls.reduce(0) { $0 + $1.0 }, by: "mapreduce.cluster", at: largest?.1)
            addEarlyReducerPolls(of: mapreduce, in: scenario)
        }
        if let backup = scenario.backup {
            let changes = backup.churn.map { wakeUps(every: $0.interval, times: max($0.changesPerRound, 1)) } ?? 0
            add(events: 10 * (wakeUps(every: backup.manager.syncInterval) + changes), by: "backup")
        }
    }

    /// The sharded queue's messages and their retries, its consumers' fetches, its brokers' and
    /// consumers' heartbeats and its copies' catch-up rounds, over `horizon` seconds — the time
    /// the world can run, which its producers' retries may carry past its duration
    /// (``latestRunningOn(in:)``): a producer cut off from the brokers after a second of a 10 s
    /// run kept its consumers polling 200 partitions until the time limit, 3,620 s, 7.4 × 10⁶
    /// events where 7.6 × 10⁴ had been estimated over the duration. Measured: 14 events a message
    /// with two copies; 5 a fetch of a partition, its poll included (charged 30: their time); a copy's round of
    /// catch-up, which wakes nothing, about an eighth of a message; a heartbeat about 6.3. A
    /// producer makes at most one attempt a `timeout` (a failed attempt waits for it, or sleeps
    /// it before the next), each counted as a message.
    private mutating func addQueueWork(of queue: QueueSection, over horizon: Double, roundTrip: Double) {
        let replication = Double(queue.configuration.replication)
        let messages = queue.producers.reduce(0.0) { $0 + Double($1.messages) }
        add(events: 7 * replication * messages, by: "queue.producers")
        add(bytes: 256 * replication * messages, by: "queue.producers")
        let retries = queue.producers.reduce(0.0) { total, producer in
            total + min(Double(producer.messages) * Double(max(producer.attempts - 1, 0)),
                        max(0, horizon - producer.start.seconds) / max(producer.timeout.seconds, 1e-9))
        }
        add(events: 7 * replication * retries, by: "queue.producers")
        // A fetch is 5 of the engine's events (measured: 5.05 and 5.1 a fetch), each a network
        // call's, which take longer than most: 2.6 µs of a laptop core a fetch (90 consumers'
        // 3.13 × 10⁶ fetches of 10,000 partitions each ran 8.2 s), 1.7 µs with 100 partitions
        // — 30 of the ~11 × 10⁶ events a second the event limit is reckoned in.
        add(events: 30 * queue.estimatedFetches(over: horizon, roundTrip: roundTrip), by: "queue.consumers")
        // Every record handed to a group is kept for the audit (``QueueSection/bytesPerDelivery``):
        // the consumers (each its own group by default) drive it.
        add(bytes: QueueSection.bytesPerDelivery * queue.estimatedDeliveries(), by: "queue.consumers", at: "queue.consumers")
        let heartbeats = Double(queue.brokers + queue.consumers.count) * horizon / max(queue.configuration.heartbeatInterval.seconds, 1e-9)
        add(events: 10 * heartbeats, by: "queue.heartbeat_interval")
        let copies = replication * queue.topics.reduce(0.0) { $0 + Double($1.partitions) }
        add(events: 2 * copies * horizon / max(queue.configuration.catchUpInterval.seconds, 1e-9), by: "queue.topics")
        add(bytes: 256 * copies, by: "queue.topics")
    }

    /// The controller checks each broker every `heartbeat_interval`, waiting that long for the
    /// answer, and declares a broker dead when it has heard nothing for `session_timeout`: every
    /// partition it leads moves to another copy, every in-sync set it is in shrinks, and when it
    /// answers again it comes back — each change a decision the report keeps (~180 bytes and an
    /// event). When the network's largest round trip (``QueueSection/largestLatency(of:)``
    /// twice) can outlast the interval, the checks can fail with every broker up, and the
    /// brokers come and go over and over: three brokers of 1,000 partitions with 10 ms checks,
    /// 40 ms sessions and 1–30 ms latencies made 6.5 × 10⁶ changes in 3,720 s (1.19 GB); three
    /// topics like it exhausted memory. Counted as at most one declaration of each broker a
    /// session timeout and a check, each changing every partition copy it holds: `replication ×
    /// partitions × horizon ÷ (session_timeout + heartbeat_interval)` (23 times that run's).
    private mutating func addLeaderChurn(of queue: QueueSection, in scenario: Scenario, over horizon: Double) {
        let configuration = queue.configuration
        let profiles = [scenario.defaultLink] + scenario.links.map(\.profile)
        let roundTrip = 2 * profiles.reduce(0.0) { max($0, QueueSection.largestLatency(of: $1.latency)) }
        guard roundTrip > configuration.heartbeatInterval.seconds else { return }
        let copies = Double(configuration.replication) * queue.topics.reduce(0.0) { $0 + Double($1.partitions) }
        let changes = copies * horizon / (configuration.sessionTimeout + configuration.heartbeatInterval).seconds
        add(events: changes, by: "queue.session_timeout")
        add(bytes: 180 * changes, by: "queue.session_timeout")
    }

    /// An open loop whose rate varies (a ramp-up or bursts) draws arrivals at its peak rate —
    /// the base rate times the largest product of burst multipliers in force at once — and keeps each with probability rate
    /// of the moment ÷ peak rate; and every draw looks at every burst to find the rate of the
    /// moment (``Workload/rateFactor(at:)``). A draw is counted as a request, 10 events, though
    /// one not kept costs about 50 ns; each burst looked at costs about 4 ns and is counted as
    /// an event, so the event limit keeps both to seconds (2 × 10⁹ looks, about 8 s). Ten
    /// thousand 1 ns bursts of × 10⁶ on a 1-per-second, 10 s loop were 10¹¹ looks, and the run
    /// never ended.
    private mutating func addArrivalDraws(of workload: Workload, requests: Double, over horizon: Double) {
        guard case .openLoop(let rate) = workload.arrivals, workload.rampUp != nil || !workload.bursts.isEmpty else { return }
        let peak = rate * workload.peakRateFactor
        var draws = peak * horizon
        if let limit = workload.requestLimit {
            // The draws stop at the limit: after the ramp, at most peak ÷ the lowest rate of the
            // moment (a burst's multiplier below 1, or several overlapping) draws per request.
            let lowest = workload.bursts.reduce(1.0) { $1.multiplier < 1 ? $0 * $1.multiplier : $0 }
            draws = min(draws, workload.peakRateFactor / lowest * Double(limit) + peak * (workload.rampUp?.seconds ?? 0))
        }
        add(events: 10 * max(0, draws - requests), by: "workload")
        add(events: draws * Double(workload.bursts.count), by: "workload.bursts")
    }

    /// The tries a request is expected to take behind `configuration` with no failure scheduled:
    /// each try fails with the servers' mean error rate when the retry conditions list a 500, and
    /// the tries stop at the first success, at `retries` + 1, or when every server has been tried.
    /// ``expectedTries(of:balancer:)`` adds the failures the file schedules.
    static func expectedTries(of configuration: LoadBalancer.Configuration, servers: [Scenario.Server]) -> Double {
        guard !servers.isEmpty, configuration.retryOn.matches(.answered(status: 500)) else { return 1 }
        let cap = Double(min(configuration.retries, servers.count - 1) + 1)
        let failing = servers.reduce(0.0) { $0 + $1.configuration.errorRate } / Double(servers.count)
        // 1 + p + p² + … + p^(cap − 1): a try is made only if every try before it failed.
        return failing >= 1 ? cap : (1 - pow(failing, cap)) / (1 - failing)
    }

    /// The events a request takes, through a balancer or straight to its servers (its retries
    /// and the balancer's picks counted apart).
    static func eventsPerRequest(through balancer: Scenario.Balancer?) -> Double {
        balancer == nil ? 11 : 16
    }

    /// The events of a closed loop's request the balancer answers at once, with no server in
    /// rotation: its two crossings of the network and the user's next send, no forward, no
    /// retry (the pick that finds no one is counted with the others'). Measured 5.05 a request
    /// (3 servers behind passive health, crashed for good: 238,801,248 events, 47,289,035
    /// requests); charged 6. At the 16 of a forwarded request and its retries, `h160` — three
    /// servers all ejected after a dropping partition, 50 users at 1 µs — was estimated at
    /// 2.7 × 10⁹ events and ran 126,986,549 (5.0 a request).
    static let eventsAnsweredAtBalancer = 6.0

    /// Adds `more` events, from `section` (the figure the error names when it dominates),
    /// driven by the value at `position` when one key drives them (else the section is where).
    mutating func add(events more: Double, by section: String, at position: String? = nil) {
        if more > events - more || eventsDrivenBy.isEmpty { (eventsDrivenBy, eventsDrivenAt) = (section, position) }
        events += more
    }

    /// Adds `more` bytes held, for `section`, driven by the value at `position`.
    mutating func add(bytes more: Double, by section: String, at position: String? = nil) {
        if more > bytes - more || bytesDrivenBy.isEmpty { (bytesDrivenBy, bytesDrivenAt) = (section, position) }
        bytes += more
    }

    /// The latest thing that keeps a world running past its duration: what it schedules
    /// (``latestScheduled(in:)``), or a queue or log producer's retries
    /// (``retryingProducers(in:)``: every message or record taking all its attempts, or a
    /// message expiring at its delivery timeout, whichever is first), whichever
    /// ends later within the time limit (the earlier in the file when both reach it).
    static func latestRunningOn(in scenario: Scenario) -> Scheduled? {
        let limit = scenario.limits.timeLimit.seconds
        var latest = latestScheduled(in: scenario).map { Scheduled(end: $0.end.seconds, section: $0.section, what: $0.what, exactEnd: $0.end) }
        let at = { (time: Double) in DurationFormat.seconds(time, grouping: true) }
        // Only a producer whose attempts can fail retries (``retryingProducers(in:)``).
        for producer in retryingProducers(in: scenario) where min(producer.end, limit) > min(latest?.end ?? 0, limit) {
            latest = producer
        }
        // A job's client waits for its job to end, and the explicit operations for each answer
        // (up to the store's client timeout, with no retry): a fault that can strike the
        // coordinator, or the store, keeps them waiting — a coordinator crashed before a 10 s
        // run's job was submitted kept a hundred servers' 1 ms health checks going until the
        // time limit, 3,620 s, 145 s of running where 10 s had been estimated.
        if let mapreduce = scenario.mapreduce, let job = mapreduce.jobs.first, min(limit, latest?.end ?? 0) < limit,
           let (section, fault) = faultStriking(["coordinator", scenario.workload == nil ? "client" : "job-client"], in: scenario) {
            latest = Scheduled(end: limit, section: section, what: "\(fault) may keep job '\(job.id)' (\(job.spec.name)) from ending, and its client waits for it",
                               stuck: true)
        }
        // The operations' client waits up to an hour for each answer (``World/startOperations()``,
        // not the store's `client.timeout`) and tries each request as the store's `client` policy
        // says (6 attempts by default), with its backoff between two: a put to a store crashed at
        // 0 s kept a 10 s world's hundred 1 ms health checks going to its time limit, where the
        // estimate had let each request wait the store's 5 s once.
        if let operations = scenario.operations, !operations.steps.isEmpty {
            let store = scenario.store ?? .forExplicitRequests
            if let (section, fault) = faultStriking([store.id, operations.client], in: scenario) {
                let attempts = store.retry.maxAttempts
                let backoff = (1..<max(attempts, 1)).reduce(0.0) { $0 + store.retry.ceiling(beforeRetry: $1).seconds }
                let perRequest = Double(attempts) * Self.operationsTimeout.seconds + backoff
                let waited = operations.steps.reduce(0.0) { total, step in
                    if case .wait(let duration) = step.action { total + duration.seconds } else { total + perRequest }
                }
                if min(waited, limit) > min(latest?.end ?? 0, limit) {
                    let timeout = DurationFormat.seconds(Self.operationsTimeout.seconds, grouping: true)
                    let tries = attempts == 1 ? "its whole timeout (\(timeout))" : "its whole timeout (\(timeout)) at each of its \(attempts) attempts (object_store.client.max_attempts)"
                    latest = Scheduled(end: waited, section: section, what: "\(fault) may leave each of the operations' requests waiting \(tries), until \(at(waited))",
                                       stuck: true)
                }
            }
        }
        return latest
    }

    /// How long the explicit operations' client waits for each answer (``World/startOperations()``).
    static let operationsTimeout: Duration = .seconds(3_600)

    /// The latest thing a composed world schedules that keeps it running until then, as the
    /// world runs: a job's client waits for its `submit_at`, a producer sends until its last
    /// record, a restore waits for its `at`, the explicit operations for their waits — none of
    /// them a daemon, so the world ends after them
    /// (``World/run()``), whatever its `run.duration`. Faults are timers and keep nothing running.
    static func latestScheduled(in scenario: Scenario) -> (end: Duration, section: String, what: String)? {
        var latest: (end: Duration, section: String, what: String)?
        func consider(_ end: Duration, _ section: String, _ what: @autoclosure () -> String) {
            if end > latest?.end ?? .zero { latest = (end, section, what()) }
        }
        let at = { (time: Duration) in DurationFormat.seconds(time.seconds, grouping: true) }
        // Sections with the item's index, in the file's order: followed into the list where the
        // loader's ``ScenarioLoader/budgetCursor(_:in:)`` can, else they name the list.
        for (index, job) in (scenario.mapreduce?.jobs ?? []).enumerated() {
            consider(job.submitAt, "mapreduce.jobs.\(index).submit_at", "job '\(job.id)' (\(job.spec.name)) is submitted at \(at(job.submitAt))")
        }
        // A producer's last send is later by the time the file's crashes and restarts hold its
        // node down before then (``ProducerRetries/delayed(_:of:from:in:)``).
        for (index, producer) in (scenario.log?.producers ?? []).enumerated() {
            let end = ProducerRetries.delayed(producer.end, of: producer.id, from: producer.start, in: scenario)
            consider(end, "log.producers.\(index)", "producer '\(producer.id.name)' sends its last record at \(at(end))")
        }
        for (index, producer) in (scenario.queue?.producers ?? []).enumerated() {
            let paced = QueueSection.pacedEnd(of: producer, roundTrip: scenario.acknowledgementRoundTrip)
            let end = Duration.seconds(double: ProducerRetries.delayed(seconds: paced, of: producer.id, from: producer.start, in: scenario))
            consider(end, "queue.producers.\(index).messages",
                     "producer '\(producer.id.name)' waits for each of its \(NumberFormat.counted(producer.messages, "message"))' acknowledgement before the next, so its last is in at \(at(end)) at the earliest")
        }
        for (index, restore) in (scenario.backup?.restores ?? []).enumerated() {
            consider(restore.at, "backup.restores.\(index).at", "restore \(index + 1) is at \(at(restore.at))")
        }
        if let plan = scenario.deployment {
            // Each server (all at once: every one together) restarts, boots and waits out the
            // pause before the next: a rolling deploy of 100 servers with an hour's pause kept a
            // world with a store running 100 hours, its health checks with it.
            let waves = plan.strategy == .rolling ? Double(plan.servers.isEmpty ? scenario.servers.count : plan.servers.count) : 1
            let end = plan.at + (plan.bootTime + plan.pause) * waves
            consider(end, "deploy.pause", "the deployment of \(NumberText.figure(waves)) server\(waves == 1 ? "" : "s"), each booting \(DurationFormat.seconds(plan.bootTime.seconds, grouping: true)) and pausing \(DurationFormat.seconds(plan.pause.seconds, grouping: true)), ends at \(at(end)) at the earliest")
        }
        if let steps = scenario.operations?.steps {
            // The steps' own requests take milliseconds: their waits are when the list ends.
            let waited = steps.reduce(Duration.zero) { total, step in
                if case .wait(let duration) = step.action { total + duration } else { total }
            }
            consider(waited, "operations", "the operations wait \(at(waited)) in all")
        }
        return latest
    }

    /// The estimates that grow with the time the world runs: its periodic work.
    static let periodic: Set<String> = [
        "balancer.health_check", "balancer.outlier_detection", "mapreduce.cluster", "mapreduce.jobs.reduce_slowstart", "backup",
        "queue.heartbeat_interval", "queue.consumers", "queue.topics", "queue.session_timeout", "chaos",
    ]

    /// Why `scenario` cannot run within its limits and this machine's, or nil when it can: where
    /// the value that drives it is written (``eventsDrivenAt``, else the section), and why.
    /// `timeLimitWritten` false says the file sets no `run.time_limit`, so that a refusal over
    /// the time limit names it as the default it is.
    ///
    /// `singleJob` says the world is a single-job file's (`cluster:`, `job:`, `input:` at the
    /// top): the refusal names its keys as that file spells them
    /// (``singleJobSpelling(_:position:)``) and the returned section is where in it.
    public func problem(eventLimit: UInt64, timeLimitWritten: Bool = true, singleJob: Bool = false) -> (section: String, message: String)? {
        let spell = { (section: String) in singleJob ? Self.singleJobSpelling(section) : section }
        let place = { (section: String) in singleJob ? Self.singleJobSpelling(section, position: true) : section }
        let (eventsDrivenBy, bytesDrivenBy) = (spell(self.eventsDrivenBy), spell(self.bytesDrivenBy))
        // An open loop's bursts multiply its rate: where the world would fit at its rate alone
        // (every figure divided by the largest multiplier), the burst's multiplier is what
        // drives it (a 10-a-second loop with a burst of × 10⁶ was refused at its `rate:`).
        let atBursts = "workload.bursts.*.multiplier"
        let eventsAt = burstFactor > 1 && self.eventsDrivenAt == "workload.rate" && events / burstFactor <= Double(eventLimit) ? atBursts : self.eventsDrivenAt
        let bytesAt = burstFactor > 1 && self.bytesDrivenAt == "workload.rate" && bytes / burstFactor <= Self.memoryBytes ? atBursts : self.bytesDrivenAt
        let (eventsDrivenAt, bytesDrivenAt) = (eventsAt.map(place), bytesAt.map(place))
        let heartbeatKey = singleJob ? "cluster.policy.heartbeat_interval" : "mapreduce.cluster.policy.heartbeat_interval"
        let shorten = singleJob ? "shorten the run (run.time_limit) or make the job smaller"
            : "shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size"
        let (eventsText, limitText) = NumberText.figures(events, against: Double(eventLimit))
        // One decimal, or as many as it takes not to read as the 4 GiB it is more than.
        var decimals = 1
        while decimals < 9, bytes > Self.memoryBytes,
              NumberFormat.fixed(bytes / 1_073_741_824, decimals: decimals) == NumberFormat.fixed(Self.memoryBytes / 1_073_741_824, decimals: decimals) {
            decimals += 1
        }
        let gibibytes = NumberFormat.fixed(bytes / 1_073_741_824, decimals: decimals, grouping: true)
        if let runsOn, runsOn.fitsWithout, events > Double(eventLimit) || bytes > Self.memoryBytes {
            let need = events > Double(eventLimit)
                ? "about \(eventsText) events (mostly from '\(eventsDrivenBy)'), more than its event limit of \(limitText) (run.max_events)"
                : "about \(gibibytes) GiB (mostly for '\(bytesDrivenBy)'), more than the \(NumberText.plain(Self.memoryBytes / 1_073_741_824)) GiB a run may use"
            if runsOn.stuck {
                return (runsOn.section, "this world may run until \(DurationFormat.seconds(horizon.seconds, grouping: true)), past its run.duration, because \(runsOn.what) (a composed world runs until its last job, producer, restore or operation ends, up to its time limit), and over that time would need \(need); set a shorter run.time_limit")
            }
            guard runsOn.retrying else {
                return (runsOn.section, "this world runs until \(DurationFormat.seconds(horizon.seconds, grouping: true)), past its run.duration, because \(runsOn.what) (a composed world runs until its last job, producer, restore or operation), and over that time would need \(need); schedule it earlier")
            }
            let (world, items) = runsOn.section.hasPrefix("log.") ? ("a world with a log", "records") : ("a queue world", "messages")
            let remedy = runsOn.expiring ? "send its messages sooner (a higher rate or fewer messages), or set a shorter run.time_limit"
                : "give its \(items) fewer attempts or a shorter timeout, or set a shorter run.time_limit"
            return (runsOn.section, "this world may run until \(DurationFormat.seconds(horizon.seconds, grouping: true)), past its run.duration, because \(runsOn.what) (\(world) runs on while a producer retries, up to its time limit), and over that time would need \(need); \(remedy)")
        }
        if events > Double(eventLimit) {
            // What the time is, where the file does not say it and the work grows with it.
            // A world that would not fit even over its duration, run on past it by what it
            // schedules or a producer's retries: the periodic work that drives it grows with that
            // time, so the refusal is at what makes it (a queue world refused at `queue.topics`
            // for a producer's retries had nothing there to change).
            let longer = Self.periodic.contains(self.eventsDrivenBy) ? runsOn : nil
            let span = !Self.periodic.contains(self.eventsDrivenBy) ? ""
                : endsWithJobs ? " (the longest its jobs may take: it ends with them)"
                : longer.map { " (past its run.duration, because \($0.what))" }
                ?? (horizonIsTimeLimit && !timeLimitWritten ? " (its default run.time_limit: the file sets none)" : "")
            if let spinningUsers, !singleJob, self.eventsDrivenBy == "workload", self.eventsDrivenAt == "workload.users" {
                return (spinningUsers.position, spinningRefusal(spinningUsers, events: eventsText, limit: limitText))
            }
            let remedy = switch self.eventsDrivenBy {
            case "mapreduce.jobs.reduce_slowstart": "raise reduce_slowstart (a reducer started before its job's maps are done asks the coordinator for their outputs every heartbeat until they are) or \(heartbeatKey), or give the job fewer reducers"
            default:
                if let longer, longer.retrying {
                    longer.expiring ? "send the producer's messages sooner (a higher rate or fewer messages), or set a shorter run.time_limit, or shorten run.duration"
                        : "give the producer's \(longer.section.hasPrefix("log.") ? "records" : "messages") fewer attempts or a shorter timeout, or set a shorter run.time_limit, or shorten run.duration"
                } else {
                    shorten
                }
            }
            return (longer.map { place($0.section) } ?? eventsDrivenAt ?? place(self.eventsDrivenBy), "this world would need about \(eventsText) events over its \(DurationFormat.seconds(horizon.seconds, grouping: true)) of virtual time\(span) (mostly from '\(eventsDrivenBy)'), more than its event limit of \(limitText) (run.max_events); \(remedy)")
        }
        if bytes > Self.memoryBytes {
            // What to change, for the figures that grow as their value shrinks.
            let remedy = switch (self.bytesDrivenBy, self.bytesDrivenAt) {
            case ("object_store.bytes_per_second", _): "raise object_store.bytes_per_second, so that the store writes in time"
            case ("queue.session_timeout", _): "make queue.heartbeat_interval longer than the network's largest round trip, or the latency smaller"
            case (_, "queue.consumers"):
                "use fewer messages or consumers, or put the consumers in fewer groups (every group is handed every message of the partitions it reads, and each consumer is its own group unless it names one)"
            case (_, "mapreduce.chaos.partitions_per_minute"):
                "lower partitions_per_minute or the chaos horizon, or use fewer workers (each partition cuts a random half of the cluster's nodes off and labels every one of them with all their names)"
            case (_, let at?) where at.hasPrefix("mapreduce.jobs.") && at.hasSuffix(".reducers"):
                "give the job fewer reducers (each holds its records and a partition from every map task) or a smaller input"
            case (_, "servers.*.queue"), (_, "servers.*.slots"):
                "make the servers' queues smaller, or let them keep up (servers that can serve twice the rate hold only what arrives while a request waits for its answer)"
            default: "make it smaller"
            }
            return (bytesDrivenAt ?? place(self.bytesDrivenBy), "this world would hold about \(gibibytes) GiB (mostly for '\(bytesDrivenBy)'), more than the \(NumberText.plain(Self.memoryBytes / 1_073_741_824)) GiB a run may use; \(remedy)")
        }
        return nil
    }
}
