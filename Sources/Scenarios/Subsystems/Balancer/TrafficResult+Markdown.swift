import Simulator
import Reports

extension TrafficResult {
    /// The run as a Markdown report that opens with the seed and the command that replays it;
    /// `chartsLinked` embeds the balancer's charts written beside it. `listingFaults` is false for
    /// the balancer's section of a larger world, whose one fault list is the world's. `summary` is
    /// the scenario's `description:`, written after the list as every world's report writes it.
    public func markdown(chartsLinked: Bool = false, listingFaults: Bool = true, summary: String = "") -> String {
        var out = "# Scenario `\(scenario)`\n\n"
        out += "- seed: `\(seed)`\n- replay: \(ShellQuoting.markdown(replayCommand))\n- digest: `\(digest)`\n"
        out += "- verdict: **\(passed ? "PASS" : "FAIL")**\n"
        out += "- virtual time: \(DurationFormat.seconds(virtualSeconds, grouping: true)); events processed: \(NumberFormat.integer(events))\n\n"
        if !summary.isEmpty { out += summary + "\n\n" }
        if let failure { out += "**The simulation stopped early:** \(failure)\n\n" }

        out += "## Requests\n\n"
        // A world whose servers answer only callers inside it (a gateway in front of a
        // coordinator, no workload) has no client figures: no throughput, no latency to print.
        out += issued == 0 ? noClientMarkdown() : clientMarkdown()

        out += "## Servers\n\n"
        var serverTable = MarkdownTable(columns: [.userText("server"), .numeric("served"), .numeric("rejected"), .numeric("lost in crash"), .numeric("peak queue"), .numeric("utilisation")])
        for server in servers {
            serverTable.append([server.id, NumberFormat.integer(server.served), NumberFormat.integer(server.rejected),
                                NumberFormat.integer(server.lostInCrash), NumberFormat.integer(server.peakQueue),
                                NumberFormat.percent(server.utilisation)])
        }
        out += serverTable.rendered() + "\n"
        out += serverLatencyMarkdown()
        if let balancer { out += balancerMarkdown(balancer, chartsLinked: chartsLinked) }
        if let zones { out += zones.markdown(runSeconds: virtualSeconds) }
        if let deployment { out += deployment.markdown(runSeconds: virtualSeconds) }

        if listingFaults && !faults.isEmpty {
            out += "## Faults\n\n" + FaultSchedule.markdownList(faults) + "\n"
        }
        out += ExpectationCheck.markdownSection(checks, heading: "##")
        out += ClaimOutcome.markdownSection(claims, heading: "##")
        return out
    }

    /// The Requests table, the throughput and the latency of the clients' successful requests.
    private func clientMarkdown() -> String {
        var out = ""
        var requests = MarkdownTable(columns: [.text("outcome"), .numeric("count")])
        requests.append(["issued", NumberFormat.integer(issued)])
        requests.append(["succeeded", NumberFormat.integer(succeeded)])
        requests.append(["timed out", NumberFormat.integer(timeouts)])
        requests.append(["unreachable", NumberFormat.integer(unreachable)])
        requests.append(["refused", NumberFormat.integer(refused)])
        for failure in statusFailures { requests.append(["status \(failure.status)", NumberFormat.integer(failure.count)]) }
        out += requests.rendered() + "\n"
        if runTooShortForRates {
            out += "Throughput: — (\(NumberFormat.counted(succeeded, "successful request")) in \(DurationFormat.seconds(virtualSeconds)) of virtual time, too short a run for a rate per second).\n\n"
        } else {
            // A rate under 0.05 a second gets the digits that show it: one request a minute read "0.0".
            let rate = throughput > 0 && throughput < 0.05 ? NumberFormat.precise(throughput, minimumDecimals: 1) : NumberFormat.fixed(throughput, decimals: 1, grouping: true)
            out += "Throughput: \(rate) successful requests per virtual second.\n\n"
        }

        out += "## Latency of successful requests\n\n"
        if !latencyMeasured { out += "No client request succeeded: there is no latency to measure.\n\n" }
        var latencyTable = MarkdownTable(columns: latency.map { .numeric($0.label) })
        latencyTable.append(latency.map { latencyMeasured ? latencyText($0.seconds) : "—" })
        out += latencyTable.rendered() + "\n"

        return out
    }

    /// Whether the run is too short for a rate per second: its virtual time reads `< 0.001 s` (a
    /// world of 1 ns links and services answered its one request in 3 ns, "333,333,333.3
    /// successful requests per virtual second").
    var runTooShortForRates: Bool { virtualSeconds < 0.0005 }

    /// A latency as the report's tables write it, a column of its own (``LatencyColumn``): the
    /// histogram's figure, but no longer than the run (``latencyWithinRun(_:)``): a 3 ns request
    /// of a 3 ns run read "0.001 ms", and now reads `< 0.001 ms`; a 14-day one reads in seconds.
    func latencyText(_ seconds: Double) -> String {
        LatencyColumn.cells([latencyWithinRun(seconds)])[0]
    }

    /// The Requests section of a run in which no client issued a request.
    private func noClientMarkdown() -> String {
        "No client request was issued: there is no client throughput or latency to measure.\n\n"
    }
}
