import Foundation
import Reports
import Simulator

extension Seed003Claims {
    /// "No service interruption during individual server maintenance" and "zero-downtime
    /// deployment: rolling updates across servers", decided by the deployments of
    /// ``maintenance``.
    func maintenanceChecks() -> [ClaimCheck] {
        guard let graceful = maintenance.variant("graceful rolling"), let noDrain = maintenance.variant("rolling without drain"),
              let allAtOnce = maintenance.variant("all at once"), let bad = maintenance.variant("bad release"),
              let plan = graceful.deployment?.plan else { return [] }
        // The deployments ran the deploy file's world: its cluster, clients and balancer, which
        // the words describe (they match seed 003's file as shipped, but either may be edited).
        let world = graceful.scenario
        let servers = world.servers.count
        let users = world.users
        let capacity = world.meanServiceTime > 0 ? 1 / world.meanServiceTime : 0
        // A phase with no successful request has no p99 ("—", as the deploy report writes it), not 0 ms.
        let before = graceful.deployment?.measured("before"), during = graceful.measuredDuring
        let p99 = "p99 \(before.map { ClaimCheck.ms($0.p99) } ?? "—") → \(during.map { ClaimCheck.ms($0.p99) } ?? "—")"
        let configuration = world.balancer?.configuration
        let tries = (configuration?.retries ?? 0) + 1
        let retriesErrors = tries > 1 && configuration?.retryOn.contains(.error) == true
        // Said from the count: with one server there is no "one of 1 servers" out and no
        // "other 0" to carry the connections.
        let connections = "the \(NumberFormat.counted(users, "connection")) \(users == 1 ? "waits" : "wait")"
        let oneOutSentence = servers > 1
            ? "With one of \(servers) servers out, \(DeployComparison.otherServers(servers - 1)) can complete \(ClaimCheck.rate(Double(servers - 1) * capacity)), and the \(NumberFormat.counted(users, "connection")) \(users == 1 ? "queues" : "queue") on \(servers - 1 == 1 ? "it" : "them") instead: "
            : "With its only server out, no server is left to answer, and \(connections) for it to come back: "
        let preface = Self.worldPreface(deploy: world, seed003: scenario)
        var checks: [ClaimCheck] = []

        checks.append(ClaimCheck(
            claim: "No service interruption during individual server maintenance",
            measured: "one server at a time, drained: \(NumberFormat.integer(graceful.failed)) failed requests, \(p99), \(ClaimCheck.rate(graceful.throughputBefore)) → \(ClaimCheck.rate(graceful.throughputDuring)); without drain: \(NumberFormat.integer(noDrain.failed)) failed, \(NumberFormat.integer(noDrain.reset)) reset and \(NumberFormat.counted(noDrain.retried, "retry", plural: "retries"))",
            verdict: graceful.failed == 0 ? (noDrain.failed == 0 ? .holds : .conditional) : .fails,
            why: preface + oneOutSentence + "\(graceful.failed == 0 ? "no request is lost, each waits longer" : "\(NumberFormat.integer(graceful.failed)) requests failed, the others waited longer"). Drained first, a server is restarted with nothing in flight, so nothing is reset. Restarted without drain, \(noDrain.reset == 0 ? "no request was in flight to be reset" : "the \(NumberFormat.integer(noDrain.reset)) requests the servers held were reset, and " + (retriesErrors ? "the balancer's \(tries) tries on connection errors sent them to \(servers > 1 ? "another server" : "its only server again")" : "the balancer did not retry them\(servers > 1 ? " on another server" : "") (\(tries == 1 ? "one try" : "no retry on connection errors"))") + (noDrain.failed == 0 ? " — the clients saw none of it" : ", but \(NumberFormat.integer(noDrain.failed)) still failed")). What maintenance does cost is capacity: answers per second fell by \(NumberFormat.percent(graceful.throughputBefore > 0 ? 1 - graceful.throughputDuring / graceful.throughputBefore : 0, decimals: 0))\((during?.p99 ?? 0) > (before?.p99 ?? 0) ? " and latency rose" : "") while a server was out.",
            toHold: "Take one server out at a time, drained (or with retries on connection errors), and keep the remaining servers' capacity above the load — "
                + (servers > 1 ? "here \(NumberFormat.counted(servers - 1, "server")) must carry what \(NumberFormat.integer(servers)) did, so every request waits longer while one is out."
                    : "here the only server leaves none to carry it while it is out: it takes a second server.")))

        let tripped = bad.deployment?.checks.first { !$0.passed }
        let rolledBack = bad.deployment.map { if case .rolledBack = $0.outcome { true } else { false } } ?? false
        let allAtOnceRolledBack = allAtOnce.deployment.map { if case .rolledBack = $0.outcome { true } else { false } } ?? false
        let holdsForGoodRelease = graceful.failed == 0 && graceful.secondsWithoutAnswer == 0
        checks.append(ClaimCheck(
            claim: "Zero-downtime deployment: rolling updates across servers",
            measured: "rolling, drained: \(NumberFormat.integer(graceful.failed)) failed, \(NumberFormat.integer(graceful.secondsWithoutAnswer)) s without an answer, the deployment taking \(ClaimCheck.s(graceful.deployment?.duration ?? 0)); all at once: \(NumberFormat.integer(allAtOnce.secondsWithoutAnswer)) s without an answer, \(NumberFormat.integer(allAtOnce.failed)) failed; a release failing \(NumberFormat.percent(bad.deployment?.plan.releaseErrorRate ?? 0, decimals: 0)) of requests: \(NumberFormat.integer(bad.failed)) failed, \(rolledBack ? "rolled back" : "not rolled back")",
            verdict: holdsForGoodRelease ? (bad.failed > 0 ? .conditional : .holds) : .fails,
            why: preface + (servers > 1 ? "A rolling update keeps \(servers - 1) of \(servers) servers in rotation at every instant\(graceful.secondsWithoutAnswer == 0 ? ", so some server can always answer: no second passed without a successful answer" : ", yet \(NumberFormat.integer(graceful.secondsWithoutAnswer)) s passed without a successful answer")"
                : "A rolling update of the only server leaves none in rotation while it restarts\(graceful.secondsWithoutAnswer == 0 ? ", yet no second passed without a successful answer" : ": \(NumberFormat.integer(graceful.secondsWithoutAnswer)) s passed without a successful answer")")
                + ". Restarting every server at once leaves none: \(NumberFormat.integer(allAtOnce.secondsWithoutAnswer)) s of outage, \(DeployComparison.outageCause(allAtOnce, bootTime: plan.bootTime, boot: "the \(ClaimCheck.s(plan.bootTime.seconds)) boot"))\(allAtOnceRolledBack ? ", and then passive health's fail_timeout, which still held them out, so the error check halted the deployment and restarted them all into the old version — a second outage" : ""). Zero downtime also assumes the new version works: one that answers its health check but fails requests is put back in rotation like a good one, and its failures reach the clients (\(configuration?.retryOn.contains(.http500) == true && tries > 1 ? "the balancer retries a 500 on another server, but only \(NumberFormat.cardinal(tries)) tries in all" : "the balancer retries connection errors, not 500s")) until \(tripped.map { "the error check saw \(NumberFormat.percent($0.errorRatio, decimals: 1)) failed answers in its \(ClaimCheck.s(plan.pause.seconds)) observation and rolled it back" } ?? "something stops the deployment").",
            toHold: "Roll out one server at a time (never all at once), drain each, and watch the error rate of each new server for a while before the next (max_error_ratio with a pause) so a bad release is rolled back after one server's worth of failures."))
        return checks
    }

    /// Nothing when the deploy file's world has seed 003's servers, clients and tries (the words
    /// then fit both); otherwise a sentence saying which file's world the deployments measured.
    static func worldPreface(deploy: Scenario, seed003: Scenario) -> String {
        func tries(_ scenario: Scenario) -> Int { (scenario.balancer?.configuration.retries ?? 0) + 1 }
        func world(_ scenario: Scenario) -> String {
            "\(NumberFormat.counted(scenario.servers.count, "server")), \(NumberFormat.counted(scenario.users, "user")), \(NumberFormat.counted(tries(scenario), "try", plural: "tries"))"
        }
        guard deploy.servers.count != seed003.servers.count || deploy.users != seed003.users || tries(deploy) != tries(seed003) else { return "" }
        return "The deployments ran in `\((deploy.file as NSString).lastPathComponent)`'s world (\(world(deploy))), not this file's (\(world(seed003))). "
    }
}
