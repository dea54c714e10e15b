import Reports

/// The object store's part: the store with its buckets, the explicit operations, `store.*`, and
/// the report's "Object store" and "Explicit operations" sections.
enum StorePart: SubsystemPart {
    static func build(in world: World) { world.buildStore() }
    static func start(in world: World) { world.startOperations() }

    static func value(of known: StoreMetric, in result: RunResult) -> Double? {
        let objects = result.jobs.flatMap(\.outputObjects)
        switch known {
        case .requests: return result.store.map { Double($0.requests) }
        case .errors: return result.store.map { Double($0.requests - $0.succeeded) }
        case .serverErrors: return result.store.map { Double($0.injectedErrors + $0.stormErrors + $0.throttled) }
        case .throttled: return result.store.map { Double($0.throttled) }
        case .objects: return result.store.map { Double($0.objects) }
        case .bytes: return result.store.map { Double($0.bytes) }
        case .acknowledgedWritesLost: return Double(objects.filter(\.lost).count)
        case .outputObjects: return Double(objects.filter { $0.acknowledgedETag != nil }.count)
        case .outputObjectsExact: return Double(objects.filter(\.exact).count)
        case .operations: return (try? result.operations?.get()).map { Double($0.count) } ?? 0
        }
    }

    static func markdown(_ result: RunResult) -> String {
        var out = result.store.map(storeMarkdown) ?? ""
        if let operations = result.operations {
            out += "# Explicit operations\n\n"
            switch operations {
            case .success(let outcomes): out += "\(outcomes.count) operations answered; every answer is in `results.jsonl`.\n\n"
            case .failure(let failure): out += "**Stopped:** \(failure)\n\n"
            }
        }
        return out
    }

    private static func storeMarkdown(_ store: RunResult.StoreFigures) -> String {
        var out = "# Object store\n\n"
        var table = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        table.append(["requests", NumberFormat.integer(store.requests)])
        table.append(["succeeded", NumberFormat.integer(store.succeeded)])
        table.append(["refused by S3 rules (4xx)", NumberFormat.integer(store.rejected)])
        table.append(["throttled (503 SlowDown)", NumberFormat.integer(store.throttled)])
        table.append(["injected errors", NumberFormat.integer(store.injectedErrors)])
        table.append(["storm errors", NumberFormat.integer(store.stormErrors)])
        table.append(["objects at the end", NumberFormat.integer(store.objects)])
        table.append(["bytes at the end", NumberFormat.integer(store.bytes)])
        out += table.rendered() + "\n"
        return out
    }
}
