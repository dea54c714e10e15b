import Reports
import Yams

/// Shrinks a failing world run: turns its seeded chaos into the explicit faults it drew, then
/// delta-debugs those faults — whole incidents at a time — and halves its workload, to a
/// 1-minimal schedule that still fails the same way (``FailureSignature``).
///
/// Every candidate is a world built and run in memory with the same seed; nothing depends on
/// the wall clock, on global randomness or on hash order, so the same file and seed always
/// shrink to the same result.
public struct Shrinker {
    /// The file, as the user named it.
    public let file: String
    /// The seed every candidate runs with.
    public let seed: UInt64
    /// The `--expect` assertions the failure is judged by, when given.
    public let watched: [String]?
    /// The `--set` values the file is read with: the original run's, every candidate's, and
    /// written into the shrunk file, which replays without them.
    public let overrides: [ScenarioOverride]
    let document: ScenarioDocument
    let scenario: Scenario
    /// The original root; with `--expect`, its `expect:` is exactly those assertions.
    let base: Node
    /// Every incident of the run, listed and drawn for ``seed``: what the shrink starts from.
    let incidents: [FaultIncident]
    /// The workload's figures in the original file.
    let sizes: [WorkloadSize]

    /// Loads the world at `path` and checks the `--expect` assertions against it.
    ///
    /// - Parameters:
    ///   - seed: the run's seed; the file's own when nil.
    ///   - expectations: assertions written as in `expect:`; when given, only they (and an early
    ///     stop) decide whether a run fails, and they replace the file's own `expect:` in every
    ///     candidate and in the shrunk file — which kept the file's own, so its replay failed one
    ///     more (`timeouts > 0`) than the failure it was shrunk for.
    ///   - overrides: `--set` values, applied to the file as `orrery run --set` applies them (an
    ///     error about a value one set names it), before anything else is read from it.
    /// - Throws: ``ScenarioError`` for a file that is not a valid world, an assertion that does
    ///   not parse (reported against `--expect`), or a world whose chaos, written as explicit
    ///   faults, is a file the loader refuses (``explicitScheduleProblem(_:in:seed:)``).
    public init(path: String, seed: UInt64?, expectations: [String] = [], overrides: [ScenarioOverride] = []) throws(ScenarioError) {
        let read = try ScenarioDocument.load(path: path)
        let document: ScenarioDocument
        var scenario: Scenario
        do throws(ScenarioError) {
            document = try read.overriding(overrides, option: "--set")
            for key in ["experiment", "job", "cluster"] where document.keys.contains(key) {
                let top = try document.root.openMapping()
                throw (top[key] ?? document.root).error(.invalidValue(
                    "shrink takes a world scenario (servers, workload, mapreduce, … with chaos or faults); a file with '\(key.excerpt)' at the top is not one"))
            }
            scenario = try ScenarioLoader.scenario(from: document)
        } catch {
            throw error.mentioning(overrides, option: "--set")
        }
        var base = document.root.node
        if !expectations.isEmpty {
            scenario.expectations = []
            if case .mapping(var top) = base {
                top["expect"] = .sequence(Node.Sequence([]))
                base = .mapping(top)
            }
        }
        for text in expectations {
            let cursor = YAMLCursor(node: Node(text), file: "--expect", path: "")
            let expectation = try ScenarioLoader.parseExpectation(cursor, subsystems: scenario.subsystems, hasBalancer: scenario.balancer != nil)
            // One given twice is judged once, as the written file lists it once: counted twice
            // in the original's failure, it never matched a candidate's.
            if !scenario.expectations.contains(where: { $0.text == expectation.text }) { scenario.expectations.append(expectation) }
            if case .mapping(var top) = base {
                var listed: [Node] = []
                if case .sequence(let sequence)? = top["expect"] { listed = Array(sequence) }
                if !listed.contains(where: { $0.string == text }) { listed.append(Node(text)) }
                top["expect"] = .sequence(Node.Sequence(listed))
                base = .mapping(top)
            }
        }
        self.file = path
        self.seed = seed ?? scenario.seed
        self.watched = expectations.isEmpty ? nil : expectations
        self.overrides = overrides
        self.document = document
        self.scenario = scenario
        self.base = base
        let top = try? document.root.openMapping()
        // Checked before any run: the original's replay is this very file, and a run of 60 s on
        // a thousand servers drew 180,000 incidents, more faults than a file may list — every
        // candidate was refused and the failure reported as one that does not replay (exit 1).
        // The count first, from the plan, before any incident is built: the file written out and
        // loaded to learn it was too long took 4.6 GB and 48 s for 660,860 faults, and the
        // incidents built to be counted 1.1 GB for 1.26 million (``FaultPlan``).
        let plan = FaultPlan(listed: top?["faults"]?.node, scenario: scenario, seed: self.seed)
        let faults = plan.faultCount
        guard faults <= ScenarioLoader.maximumFaults else {
            // In the loader's words (``ScenarioLoader/parseFaults(_:nodes:clientHosts:mapreduce:store:zones:servers:)``).
            let refusal = ScenarioError(file: path, line: 0, column: 0, path: "faults", kind: .invalidValue(
                "at most \(NumberFormat.integer(ScenarioLoader.maximumFaults)) faults, got \(NumberFormat.integer(faults))"))
            throw Self.explicitScheduleProblem(refusal, in: document, seed: self.seed)
        }
        incidents = plan.incidents()
        sizes = WorkloadSize.sizes(of: scenario, top: top)
        do {
            _ = try ScenarioLoader.scenario(from: ShrinkCandidate(incidents: incidents, sizes: sizes).document(from: base, file: path))
        } catch {
            throw Self.explicitScheduleProblem(error, in: document, seed: self.seed)
        }
    }

    /// The error for a world whose chaos cannot be written as a file the loader takes: placed at
    /// its `chaos:` (or the file's top), with the loader's own reason.
    static func explicitScheduleProblem(_ error: ScenarioError, in document: ScenarioDocument, seed: UInt64) -> ScenarioError {
        let top = try? document.root.openMapping()
        let chaos = top?["chaos"] ?? (try? top?["mapreduce"]?.openMapping())?["chaos"] ?? top?["faults"] ?? document.root
        let at = error.path.isEmpty ? "" : " at \(error.path)"
        return chaos.error(.invalidValue(
            "shrink writes this world's faults and chaos (for seed \(seed)) as an explicit schedule, and the loader refuses that file\(at): \(error.message); shorten the run or lower the chaos's rates"))
    }

    /// The command that judges the original run as this shrink does (``ShrinkResult/originalCommand``),
    /// on one line for the terminal.
    public var originalCommand: String {
        ShrinkResult.originalCommand(file: file, seed: seed, overrides: overrides, watched: watched, command: ShellQuoting.displayCommand)
    }

    /// The files a shrink writes in its output directory, known before it runs.
    public var fileNames: [String] {
        [ShrinkResult.shrunkFileName(of: document.name), ShrinkResult.reportFileName(of: document.name)]
    }

    /// The runs a shrink may spend by default (`--max-runs`): a ten-minute world with chaos at
    /// its highest rates drew 1,091 incidents and took 2,795 runs (210 s) to reach 1-minimal.
    public static let defaultMaxRuns = 1_000
    /// What `--max-runs` may be: the original and its replay with chaos made explicit take two.
    public static let maxRunsRange = 2...1_000_000

    /// Runs the original, then shrinks it, spending at most `maxRuns` runs (the original's
    /// included). A shrink that reaches the limit keeps what it has: a smaller schedule and
    /// workload that still fail the same way, not shown to be 1-minimal.
    ///
    /// The incidents after the original run's end never struck (its report lists them as not
    /// reached): they are left out before the search, checked by the replay of the explicit
    /// schedule without them, rather than removed run by run — a 20 s world whose chaos drew 40
    /// incidents up to its time limit spent its runs on the 38 after its end. Should that replay
    /// not fail the same way (a default time limit that counted their instants, say), the search
    /// starts from every incident, as before.
    public func shrink(maxRuns: Int = Shrinker.defaultMaxRuns) -> ShrinkOutcome {
        var runs = 0
        var limitReached = false
        func run(_ scenario: Scenario) -> RunResult {
            runs += 1
            return ScenarioRunner.run(scenario, seed: seed)
        }
        let first = run(scenario)
        guard let original = FailureSignature(first, watching: watched) else { return .passes(runs: runs) }
        let originalEnd = first.virtualSeconds
        func replays(_ candidate: ShrinkCandidate) -> Bool {
            guard let document = try? candidate.document(from: base, file: file),
                  let scenario = try? ScenarioLoader.scenario(from: document) else { return false }
            return FailureSignature(run(scenario), watching: watched) == original
        }
        /// Nil once out of runs: the delta debugging ends at once, and every further size counts
        /// as not failing.
        func failsTheSameWay(_ candidate: ShrinkCandidate) -> Bool? {
            guard runs < maxRuns else {
                limitReached = true
                return nil
            }
            return replays(candidate)
        }
        // The replay of the explicit schedule runs whatever the limit (``maxRunsRange`` keeps room
        // for one); when the one without the unreached incidents fails otherwise, the one with
        // them runs too.
        let reached = incidents.filter { !$0.unreached(endingAt: originalEnd) }
        var unreached = incidents.count - reached.count
        var candidate = ShrinkCandidate(incidents: reached, sizes: sizes)
        if unreached == 0 || !replays(candidate) {
            unreached = 0
            candidate.incidents = incidents
            guard replays(candidate) else {
                return .notReplayable(original, runs: runs)
            }
        }
        while true {
            let sizesBefore = candidate.sizes
            let minimization = DeltaDebugging.minimizeUnlessOutOfTests(candidate.incidents, stillFails: { kept in
                failsTheSameWay(ShrinkCandidate(incidents: kept, sizes: candidate.sizes))
            })
            candidate.incidents = minimization.minimal
            for index in candidate.sizes.indices {
                candidate.sizes[index] = smallest(candidate.sizes[index]) { size in
                    var trial = candidate
                    trial.sizes[index] = size
                    return failsTheSameWay(trial) ?? false
                }
            }
            // A smaller workload may make another incident unnecessary — even the last one, which
            // may now fall after the shorter run and, kept, pin its length (the loader refuses a
            // fault past the time limit): minimise again, until a pass changes no size.
            if candidate.sizes == sizesBefore { break }
        }
        var result = ShrinkResult(
            file: file, name: document.name, seed: seed, failure: original, before: incidents, after: candidate.incidents,
            sizesBefore: sizes, sizesAfter: candidate.sizes, runs: runs, runLimit: limitReached ? maxRuns : nil, yaml: shrunkText(candidate),
            watched: watched, overrides: overrides)
        result.unreached = unreached
        result.originalEnd = originalEnd
        return .shrunk(result)
    }

    /// The smallest value of `size` found to still fail: halved while it fails, then a few steps
    /// of bisection between the last value that failed and the first that did not.
    private func smallest(_ size: WorkloadSize, stillFails: (WorkloadSize) -> Bool) -> WorkloadSize {
        var failing = size
        var passing: WorkloadSize?
        while let smaller = failing.halved() {
            guard stillFails(smaller) else {
                passing = smaller
                break
            }
            failing = smaller
        }
        guard var passing else { return failing }
        for _ in 0..<Self.bisectionSteps {
            guard let middle = failing.between(passing) else { break }
            if stillFails(middle) { failing = middle } else { passing = middle }
        }
        return failing
    }

    /// Bisection steps per workload figure after halving stops: enough to land within 1/64 of it.
    static let bisectionSteps = 6

    /// The standalone file: the candidate's tree named `<name>-shrunk`, saying where it came from.
    private func shrunkText(_ candidate: ShrinkCandidate) -> String {
        guard case .mapping(var top) = candidate.root(from: base) else { return "" }
        let name = "\(document.name)-shrunk"
        if ScenarioDocument.problem(withName: name) == nil, top["name"] != nil { top["name"] = Node(name) }
        // The `--set`s as the command line gives them, quoted for a shell: the file has them
        // written in, and this says which values the original did not have. Quoted as the
        // commands a file keeps are (``ShellQuoting/posixQuote(_:)``), not as the terminal's
        // one line (`$'…'`, which dash reads as a `$` and the text): a file is not a terminal.
        // The file's path and the `--expect`s that judged the run are quoted the same way: a
        // path `it's $(x).yaml` was written bare, and the run's judge was left out.
        let options = (watched ?? []).map { " --expect " + ShellQuoting.posixQuote($0) }.joined()
            + overrides.map { " --set " + ShellQuoting.posixQuote($0.description) }.joined()
        let origin = "Shrunk by orrery shrink from \(ShellQuoting.posixQuote(file)) seed \(seed)\(options.isEmpty ? "" : " with" + options)."
        let summary = Node(document.summary.isEmpty ? origin : "\(origin) \(document.summary)")
        if top["description"] != nil {
            top["description"] = summary
        } else {
            // Right after the name, or first: where a reader looks for what the file is.
            var pairs = top.map { ($0.key, $0.value) }
            let place = pairs.firstIndex { $0.0.string == "name" }.map { $0 + 1 } ?? 0
            pairs.insert((Node("description"), summary), at: place)
            top = Node.Mapping(pairs, top.tag, top.style)
        }
        top["seed"] = Node(String(seed))
        guard let sized = try? ScenarioDocument(root: YAMLCursor(node: .mapping(top), file: file, path: ""), file: file)
            .overriding(candidate.sizes.map(\.override), option: "shrink") else { return "" }
        return (try? Yams.serialize(node: sized.root.node, width: -1)) ?? ""
    }
}
