import Reports
import Simulator

/// The object store's part: the store with its buckets, the explicit operations, `store.*`, and
/// the report's "Object store" and "Explicit operations" sections.
enum StorePart: SubsystemPart {
    static func build(in world: World) { world.buildStore() }
    static func start(in world: World) { world.startOperations() }

    static func value(of known: StoreMetric, in result: RunResult) -> Double? {
        let objects = result.jobs.flatMap(\.outputObjects)
        switch known {
        case .requests: return result.store.map { Double($0.requests + $0.unreached) }
        case .errors: return result.store.map { Double($0.errors) }
        // A storm's errors are injected errors: `stormErrors` is their share, not more of them.
        case .serverErrors: return result.store.map { Double($0.injectedErrors + $0.throttled) }
        case .throttled: return result.store.map { Double($0.throttled) }
        case .hung: return result.store.map { Double($0.hung) }
        case .lostInCrash: return result.store.map { Double($0.lostInCrash) }
        case .inFlightAtEnd: return result.store.map { Double($0.inFlightAtEnd) }
        case .objects: return result.store.map { Double($0.objects) }
        case .bytes: return result.store.map { Double($0.bytes) }
        case .acknowledgedWritesLost: return Double(objects.filter(\.lost).count)
        case .outputObjects: return Double(objects.filter { $0.acknowledgedETag != nil }.count)
        case .outputObjectsExact: return Double(objects.filter(\.exact).count)
        case .operations:
            // Operations that stopped early still answered the steps before the one that stopped them.
            switch result.operations {
            case .success(let outcomes): return Double(outcomes.count)
            case .failure(let failure): return Double(failure.answered.count)
            case nil: return 0
            }
        }
    }

    static func markdown(_ result: RunResult) -> String {
        var out = result.store.map(storeMarkdown) ?? ""
        if let operations = result.operations {
            out += "# Explicit operations\n\n"
            switch operations {
            case .success(let outcomes): out += "\(NumberFormat.counted(outcomes.count, "operation")) answered; \(outcomes.count == 1 ? "its answer" : "every answer") is in `results.jsonl`.\n\n"
            case .failure(let failure):
                let answered = failure.answered.count
                let before = switch answered {
                case 0: "no step before it was answered"
                case 1: "the 1 answer before it is in `results.jsonl`"
                default: "the \(NumberFormat.integer(answered)) answers before it are in `results.jsonl`"
                }
                out += "**Stopped:** \(failure.located(in: result.file)); \(before).\n\n"
            }
        }
        return out
    }

    static func storeMarkdown(_ store: RunResult.StoreFigures) -> String {
        var out = "# Object store\n\n"
        var table = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        table.append(["requests", NumberFormat.integer(store.requests + store.unreached)])
        if store.unreached > 0 {
            table.append(["… sent by its clients that never reached it (its node down or cut off, or lost on the way)", NumberFormat.integer(store.unreached)])
        }
        table.append(["succeeded", NumberFormat.integer(store.succeeded)])
        table.append(["answered by S3 rules without a 2xx (4xx, 304, 501)", NumberFormat.integer(store.rejected)])
        table.append(["throttled by the per-prefix request rate (503 SlowDown)", NumberFormat.integer(store.throttled)])
        table.append(["injected errors (seeded rates, storms, `errors` and `hang` faults)", NumberFormat.integer(store.injectedErrors)])
        table.append(["… during storms (\(stormCodes(store.storms)))", NumberFormat.integer(store.stormErrors)])
        if store.hung > 0 {
            table.append([Self.hungRow, NumberFormat.integer(store.hung)])
        }
        if store.lostInCrash > 0 {
            table.append(["lost in a crash or restart of the store (timed out or refused)", NumberFormat.integer(store.lostInCrash)])
        }
        // Neither succeeded nor failed: without this row the table summed to one request short.
        if store.inFlightAtEnd > 0 {
            table.append([Self.inFlightRow, NumberFormat.integer(store.inFlightAtEnd)])
        }
        table.append(["objects at the end (current versions)", NumberFormat.integer(store.objects)])
        table.append(["bytes of current versions at the end", NumberFormat.integer(store.bytes)])
        out += table.rendered() + "\n"
        out += slowDownSentence(store)
        return out
    }

    /// The row of requests a hang held: of them, those it still held when the run ended are
    /// among the ones in flight at the end too.
    static let hungRow = "held by a `hang` fault (answered 500 at its end, lost in a crash, or still held when the run ended)"
    /// The row of requests with no answer when the run ended, in the balancer's words.
    static let inFlightRow = "still in flight when the run ended (in service, or held by a `hang` fault)"

    /// The storms' error codes, each once, in the file's order ("none" without storms).
    private static func stormCodes(_ storms: [ObjectStore.ErrorStorm]) -> String {
        var codes: [S3ErrorCode] = []
        for storm in storms where !codes.contains(storm.code) { codes.append(storm.code) }
        return codes.isEmpty ? "none" : codes.map { "\($0.httpStatus) \($0.rawValue)" }.joined(separator: ", ")
    }

    /// Every 503 SlowDown the store answered, when a storm answered some: the rate limit's and
    /// the storms' added up. Seeded errors are never SlowDown, so the sum is exact when every
    /// storm fails with SlowDown; with mixed codes the storms' share is not split by code.
    private static func slowDownSentence(_ store: RunResult.StoreFigures) -> String {
        guard store.storms.contains(where: { $0.code == .slowDown }), store.stormErrors > 0 else { return "" }
        guard store.storms.allSatisfy({ $0.code == .slowDown }) else {
            return "Some storms fail requests with 503 SlowDown and others with other codes: their \(NumberFormat.counted(store.stormErrors, "error")) are not split by code, so the SlowDown answers in all are not counted here.\n\n"
        }
        let total = store.throttled + store.stormErrors
        return "The store answered \(NumberFormat.integer(total)) 503 SlowDown in all: \(NumberFormat.integer(store.throttled)) from the per-prefix request rate and \(NumberFormat.integer(store.stormErrors)) from storms.\n\n"
    }
}
