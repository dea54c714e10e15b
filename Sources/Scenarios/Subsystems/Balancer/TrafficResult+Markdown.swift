import Reports

extension TrafficResult {
    /// The run as a Markdown report that opens with the seed and the command that replays it;
    /// `chartsLinked` embeds the balancer's charts written beside it. `listingFaults` is false for
    /// the balancer's section of a larger world, whose one fault list is the world's. `summary` is
    /// the scenario's `description:`, written after the list as every world's report writes it.
    public func markdown(chartsLinked: Bool = false, listingFaults: Bool = true, summary: String = "") -> String {
        var out = "# Scenario `\(scenario)`\n\n"
        out += "- seed: `\(seed)`\n- replay: `\(replayCommand)`\n- digest: `\(digest)`\n"
        out += "- verdict: **\(passed ? "PASS" : "FAIL")**\n"
        out += "- virtual time: \(DurationFormat.seconds(virtualSeconds, grouping: true)); events processed: \(NumberFormat.integer(events))\n\n"
        if !summary.isEmpty { out += summary + "\n\n" }
        if let failure { out += "**The simulation stopped early:** \(failure)\n\n" }

        out += "## Requests\n\n"
        // A world whose servers answer only callers inside it (a gateway in front of a
        // coordinator, no workload) has no client figures: no throughput, no latency to print.
        out += issued == 0 ? noClientMarkdown() : clientMarkdown()

        out += "## Servers\n\n"
        var serverTable = MarkdownTable(columns: [.text("server"), .numeric("served"), .numeric("rejected"), .numeric("lost in crash"), .numeric("peak queue"), .numeric("utilisation")])
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
            out += "## Faults\n\n" + faults.map { "- \($0)\n" }.joined() + "\n"
        }
        if !checks.isEmpty {
            out += "## Expectations\n\n"
            var checkTable = MarkdownTable(columns: [.text("expectation"), .numeric("measured"), .text("result")])
            for check in checks { checkTable.append(["`\(check.expectation.text)`", Self.measuredText(check), check.holds ? "holds" : "**fails**"]) }
            out += checkTable.rendered() + "\n"
        }
        out += ClaimOutcome.markdownSection(claims, heading: "##", measured: Self.measuredText)
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
            out += "Throughput: \(NumberFormat.fixed(throughput, decimals: 1, grouping: true)) successful requests per virtual second.\n\n"
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

    /// A latency as the report's tables write it (``DurationFormat/milliseconds(_:)``): the
    /// histogram's figure, but no longer than the run (``latencyWithinRun(_:)``): a 3 ns request
    /// of a 3 ns run read "0.001 ms", and now reads `< 0.001 ms`.
    func latencyText(_ seconds: Double) -> String {
        DurationFormat.milliseconds(latencyWithinRun(seconds))
    }

    /// The Requests section of a run in which no client issued a request.
    private func noClientMarkdown() -> String {
        "No client request was issued: there is no client throughput or latency to measure.\n\n"
    }

    /// What a check measured as every world's report shows it (``ExpectationCheck/readableMeasuredText``:
    /// a count as an integer, a ratio to 4 decimals at most, a duration under a second in
    /// milliseconds and a longer one in seconds, "not measured" for what the run could not
    /// measure): a recovery time of 18 s read `18,000.000 ms` here and `18.000 s` in the
    /// failover table and on the terminal.
    static func measuredText(_ check: ExpectationCheck) -> String {
        check.readableMeasuredText
    }
}
