import Reports
import Simulator

extension PlacementSpec {
    /// About the steps of building this placement for `servers` servers added one at a time, as a
    /// balancer adds them, in units of about 6 ns on this project's reference machine (measured):
    /// the assignment's map rebuilds its M routes at every add (n × M); a ring re-sorts its points
    /// (n² × virtual nodes); Maglev refills its whole table (about 10 units an entry, n × size);
    /// jump and rendezvous keep nothing to rebuild.
    func setupSteps(servers: Int) -> Double {
        let n = Double(servers)
        switch self {
        case .assignment(let configuration): return n * Double(configuration.slotCount)
        case .ring(let virtualNodes), .boundedLoads(_, let virtualNodes): return n * n * Double(virtualNodes)
        case .maglev(let tableSize): return 10 * n * Double(tableSize)
        case .jump, .rendezvous: return n
        }
    }

    /// About the steps (same units) of A-4's key-movement figures for this placement at `servers`
    /// servers: four placements (before, and after each of three changes) looking up 900,000 ids;
    /// rendezvous compares every server for each (about a sixth of a step each), the others find a
    /// key's node in about three steps.
    func keyMovementSteps(servers: Int) -> Double {
        let lookups = 4 * 900_000.0
        switch self {
        case .rendezvous: return lookups * Double(servers) / 6
        default: return lookups * 3
        }
    }

    /// The knob that makes the placement cheaper to build, for messages.
    var setupKnob: String {
        switch self {
        case .assignment: "fewer slots"
        case .ring, .boundedLoads: "fewer virtual_nodes"
        case .maglev: "a smaller table_size"
        case .jump, .rendezvous: "fewer servers"
        }
    }
}

extension ScenarioLoader {
    /// The most steps building one placement for all of a file's server counts may take (about
    /// 1.6 s): 1,000 servers on a ring of 10,000 virtual nodes each ran for minutes.
    static let mostPlacementSetupSteps = Double(1 << 28)

    /// `steps` and ``mostPlacementSetupSteps`` as a refusal writes them, in one format: whole
    /// steps, grouped, the limit always its one figure, 268,435,456; the estimate to three
    /// significant figures, raised to the next figure when rounding would bring it to the limit
    /// or below. Rounded to significant figures against each estimate, the same limit read
    /// "2.7 × 10⁸" in one refusal and "2.68 × 10⁸" in the next.
    static func placementSetupStepsText(_ steps: Double) -> (steps: String, most: String) {
        let most = NumberFormat.integer(Int(mostPlacementSetupSteps))
        guard steps.isFinite, steps >= 1 else { return (NumberFormat.integer(Int(max(steps, 0).rounded(.up))), most) }
        var power = 1.0
        while power * 1_000 <= steps { power *= 10 }
        var rounded = (steps / power).rounded() * power
        if rounded <= mostPlacementSetupSteps, steps > mostPlacementSetupSteps { rounded = (steps / power).rounded(.up) * power }
        let whole = Int(exactly: rounded).map { NumberFormat.integer($0) } ?? NumberText.figures(steps, against: mostPlacementSetupSteps).value
        return (whole, most)
    }

    /// Checks that `placement` can hold the largest of `counts` servers (the assignment's map has
    /// room for every virtual server) and that building it for every count, one server at a time,
    /// stays within ``mostPlacementSetupSteps``; returns those steps. `label` prefixes the message (a variant's name),
    /// `noun` names the servers ("servers", "brokers"). `adding` more than each count are built (the
    /// queue's placement analysis adds one broker to every count): the message names the count the
    /// file gave, and the one added.
    @discardableResult
    static func checkPlacement(_ placement: PlacementSpec, counts givenCounts: [Int], adding: Int = 0, noun: String = "servers", label: String = "",
                               at cursor: YAMLCursor) throws(ScenarioError) -> Double {
        let counts = givenCounts.map { $0 + adding }
        let most = counts.max() ?? 0
        // `65 brokers (64, and the one the analysis adds)`: not a count the file gave, unexplained.
        let given = "\(NumberFormat.integer(most)) \(noun)" + (adding == 0 ? "" : " (\(NumberFormat.integer(givenCounts.max() ?? 0)), and the \(adding == 1 ? "one" : NumberFormat.integer(adding)) the analysis adds)")
        if case .assignment(let configuration) = placement, configuration.virtualServersPerServer * most > configuration.slotCount {
            throw cursor.error(.invalidValue("\(label)\(given) × \(NumberFormat.counted(configuration.virtualServersPerServer, "virtual server")) do not fit in \(NumberFormat.counted(configuration.slotCount, "slot"))"))
        }
        let steps = counts.reduce(0.0) { $0 + placement.setupSteps(servers: $1) }
        guard steps <= mostPlacementSetupSteps else {
            let (stepsText, mostText) = placementSetupStepsText(steps)
            throw cursor.error(.invalidValue("\(label)building this placement for \(given), one at a time, takes about \(stepsText) steps, more than the \(mostText) a run may take; use fewer \(noun) or \(placement.setupKnob)"))
        }
        // Quadratic probing visits only some slots from a home slot: a virtual server may find
        // none free though the map has room (27 slots, 3 servers of 9), found only when the run
        // built the map (exit 2 with no position, after `validate` said ok). Built here once, for
        // the most servers: what fits them fits any fewer, since servers are placed in id order.
        if case .assignment(let configuration) = placement, configuration.probing == .quadratic {
            do {
                _ = try ConsistentHashMap(serverCount: most, configuration: configuration)
            } catch {
                throw cursor.error(.invalidValue("\(label)quadratic probing cannot place \(most) \(noun): \(error)"))
            }
        }
        return steps
    }
}
