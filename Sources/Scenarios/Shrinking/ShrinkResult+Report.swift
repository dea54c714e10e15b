import Reports

extension ShrinkResult {
    /// The replay command of the file written at `path`, for any shell (``ShellQuoting/posixCommand(_:)``).
    public func replayCommand(path: String) -> String { ShellQuoting.posixCommand(["orrery", "run", ShellQuoting.fileArgument(path), "--seed", "\(seed)"]) }

    /// A command that reproduces the original failure (``originalCommand(file:seed:overrides:watched:command:)``),
    /// for any shell, as the report keeps it.
    public var originalCommand: String { Self.originalCommand(file: file, seed: seed, overrides: overrides, watched: watched) }

    /// The command that judges `file`'s run as a shrink does: `orrery run FILE --seed S` with the
    /// `--set`s, or with `--expect` the shrink itself — `orrery run` checks the file's own
    /// expectations, not the `--expect` ones, and passed where the shrink had found a failure
    /// (or failed where the shrink found nothing to shrink).
    ///
    /// `command` joins the words: ``ShellQuoting/posixCommand(_:)`` for the report, or
    /// ``ShellQuoting/displayCommand(_:)`` for the terminal's one line.
    static func originalCommand(file: String, seed: UInt64, overrides: [ScenarioOverride], watched: [String]?,
                                command: ([String]) -> String = ShellQuoting.posixCommand) -> String {
        let sets = overrides.flatMap { ["--set", $0.description] }
        guard let watched else { return command(["orrery", "run", ShellQuoting.fileArgument(file), "--seed", "\(seed)"] + sets) }
        return command(["orrery", "shrink", ShellQuoting.fileArgument(file), "--seed", "\(seed)"] + sets + watched.flatMap { ["--expect", $0] })
    }

    /// The report, in Markdown; plain enough to print as it is.
    ///
    /// - Parameters:
    ///   - path: where the shrunk file was written.
    ///   - replayed: how the written file failed when loaded and run again (nil: it passed).
    public func markdown(path: String, replayed: FailureSignature?) -> String {
        var lines = [
            "# Shrinking \(name), seed \(seed)",
            "",
            "Replay the shrunk failure: \(ShellQuoting.markdown(replayCommand(path: path)))",
            "",
            "- Original: " + ShellQuoting.markdown(originalCommand, remark: watched == nil ? ""
                : " (judged by `--expect` alone: the shrunk file's `expect:` lists only those, in place of the file's own)"),
            "- Failure: \(failure)",
            "- Replay of the written file: " + (replayed == failure ? "fails the same way" : "DOES NOT fail the same way (\(replayed.map(\.description) ?? "it passes"))"),
            "- Runs spent: \(NumberFormat.integer(runs))" + (runLimit.map { limit in
                shrank ? ", the limit (--max-runs \(limit)): the faults and workload below are smaller and fail the same way, but are not shown to be 1-minimal; raise --max-runs to shrink further"
                    : ", the limit (--max-runs \(limit)), before anything could be removed: the faults and workload below are the original's; raise --max-runs to shrink"
            } ?? ""),
        ]
        if unreached > 0 {
            lines.append("- Not reached: \(NumberFormat.counted(unreached, "incident")) of the \(NumberFormat.integer(before.count)) before came after the original run's end "
                + "(\(DurationFormat.seconds(originalEnd, grouping: true))) and never struck; left out without a run spent on them")
        }
        lines += [
            "",
            "| | before | after |",
            "| --- | --- | --- |",
            "| incidents | \(NumberFormat.integer(before.count)) | \(NumberFormat.integer(after.count)) |",
            "| faults | \(NumberFormat.integer(Self.faultCount(before)))\(origins(before).isEmpty ? "" : " (\(origins(before)))") | \(NumberFormat.integer(Self.faultCount(after))) |",
        ]
        for (old, new) in zip(sizesBefore, sizesAfter) {
            lines.append("| `\(old.path)` | \(old.text) | \(new.text) |")
        }
        lines += ["", "## Faults after (\(NumberFormat.counted(after.count, "incident")))", ""]
        lines += after.isEmpty ? ["None: the failure needs no fault."] : after.map { "- \($0.origin.rawValue): `\($0)`" }
        lines += ["", "## Faults before (\(NumberFormat.counted(before.count, "incident")))", ""]
        lines += before.isEmpty ? ["None."] : before.map { "- \($0.origin.rawValue): `\($0)`" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether the shrink removed an incident or a fault, or made a workload figure smaller.
    var shrank: Bool {
        after.count < before.count || Self.faultCount(after) < Self.faultCount(before)
            || zip(sizesBefore, sizesAfter).contains { $0.text != $1.text }
    }

    /// `2 listed, 64 drawn by chaos`.
    private func origins(_ incidents: [FaultIncident]) -> String {
        FaultIncident.Origin.allCases.compactMap { origin in
            let count = Self.faultCount(incidents.filter { $0.origin == origin })
            guard count > 0 else { return nil }
            return origin == .listed ? "\(NumberFormat.integer(count)) listed" : "\(NumberFormat.integer(count)) drawn by \(origin.rawValue)"
        }.joined(separator: ", ")
    }
}
