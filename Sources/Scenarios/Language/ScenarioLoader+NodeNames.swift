import Foundation
import Simulator
import Reports

extension ScenarioLoader {
    /// One node name a section gives the world: what holds it, where the file writes it (for a name
    /// the section implies — `worker-1`, `broker-1`, `controller`, `balancer` — where it writes what
    /// implies it), and how to give it another name, when it can have one.
    struct NodeClaim {
        /// How a holder may share its node with another.
        enum Role {
            /// A host requests leave from (a workload's client, the jobs' client, the operations'
            /// client): clients may share a host with each other.
            case client
            /// A machine running an application whose data can be backed up (a server, the
            /// coordinator, a worker): the backup manager may run there.
            case applicationHost
            /// The backup manager, which runs on a host of its own or on an application host.
            case backup
            /// Anything else: a node of its own.
            case service
        }

        var id: NodeID
        /// What holds the name, as a sentence names it: "server 'web1'", "MapReduce worker 'worker-1'".
        var holder: String
        var at: YAMLCursor
        /// How to give it another name; nil for a name the world fixes (a worker's, a broker's).
        var remedy: String?
        var role = Role.service

        /// Whether `self` and `other` may be one node: clients of one host, or the backup manager on
        /// the application host whose data it backs up (seed 000's `host: coordinator`).
        func mayShare(with other: NodeClaim) -> Bool {
            switch (role, other.role) {
            case (.client, .client), (.backup, .applicationHost), (.applicationHost, .backup): true
            default: false
            }
        }
    }

    /// Refuses a node name two subsystems give the world. A fault, a link or a partition names a
    /// node, and everything on that node takes it: a store named like a server, or servers named
    /// `worker-1` like the cluster's workers, were accepted, and one crash then struck both. The
    /// implied names count (servers `s` × 3 are `s1` … `s3`, the cluster's `coordinator`,
    /// `worker-N`, `log` and `shuffle`, the queue's `broker-N` and `controller`, the `balancer` or
    /// `gateway`, the client hosts `client` or `client-N`, the store's `s3`). Not claimed: a server
    /// placed `on:` a cluster node (it runs there by design). The error points at the name to change
    /// — the one that can be renamed, the later in the file when both can — and names the other use
    /// with its position.
    static func checkNodeNames(top: YAMLMapping, servers: [Scenario.Server], balancer: Scenario.Balancer?, workload: Workload?,
                               mapreduce: MapReduceSection?, log: LogSection?, queue: QueueSection?, store: StoreSection?,
                               backup: BackupSection?, operations: OperationsSection?) throws(ScenarioError) {
        var claims = try serverClaims(top["servers"], servers: servers, mapreduce: mapreduce)
        if let balancer, let cursor = top["balancer"] ?? top["gateway"] {
            claims.append(NodeClaim(id: balancer.id, holder: "the \(balancer.id.name)", at: cursor))
        }
        claims += try mapReduceClaims(top, mapreduce: mapreduce, hasLog: log != nil, hasWorkload: workload != nil)
        claims += try logClaims(top["log"], log: log)
        claims += try queueClaims(top["queue"], queue: queue)
        claims += try storeClaims(top, store: store, operations: operations)
        if let backup, let cursor = top["backup"] {
            let fields = try cursor.openMapping()
            claims.append(NodeClaim(id: backup.host, holder: "the backup host '\(backup.host.name.excerpt)'", at: fields["host"] ?? cursor,
                                    remedy: fields["host"] == nil ? "set backup.host to another name" : "give the backup host another name", role: .backup))
        }
        let hosts = workload.map(clientHostCount)
        var first: [NodeID: NodeClaim] = [:]
        // By what a reader sees (``YAMLCursor/lookAlikeForm(of:)``): canonical twins ('Å' as
        // U+00C5 and as 'A' U+030A), compatibility twins ('ﬁ' U+FB01 and 'fi', fullwidth 'ｗｅｂ'
        // and 'web') and names apart only by scalars that show nothing meet, where `NodeID`
        // compares bytes.
        var firstByText: [String: NodeClaim] = [:]
        let ordered = claims.enumerated().sorted { ($0.element.at.line, $0.element.at.column, $0.offset) < ($1.element.at.line, $1.element.at.column, $1.offset) }
        for claim in ordered.map(\.element) {
            if claim.role != .client, let hosts, let workloadCursor = top["workload"],
               let host = clientHost(claim.id.name, clientHosts: hosts), host.name != "client" || hosts == 0 {
                let family = hosts == 0 ? "the workload's one client host is 'client'" : "the workload's client hosts are client-1 … client-\(hosts)"
                throw clash(NodeClaim(id: host, holder: "client host '\(host.name)' (\(family))", at: workloadCursor, role: .client), claim)
            }
            let shown = YAMLCursor.lookAlikeForm(of: claim.id.name)
            if let earlier = firstByText[shown], earlier.id != claim.id { throw lookAlike(earlier, claim) }
            if let earlier = first[claim.id] {
                if earlier.mayShare(with: claim) { continue }
                throw clash(earlier, claim)
            }
            first[claim.id] = claim
            firstByText[shown] = claim
        }
    }

    /// The error for two holders of one name, `earlier` written before `later`.
    private static func clash(_ earlier: NodeClaim, _ later: NodeClaim) -> ScenarioError {
        let (here, other) = later.remedy != nil || earlier.remedy == nil ? (later, earlier) : (earlier, later)
        let name = here.id.name.excerpt
        let remedy = here.remedy ?? "rename one of them"
        return here.at.error(.invalidValue(
            "node '\(name)' is both \(here.holder) (here) and \(other.holder) (at \(other.at.line):\(other.at.column)); a fault on '\(name)' would strike both: \(remedy)"))
    }

    /// The error for two names that are one text in other code points (Unicode canonical
    /// equivalence: 'Å' as U+00C5 and as 'A' U+030A; or compatibility equivalence: 'ﬁ' U+FB01 and
    /// 'fi'; or apart only by scalars that show nothing, or by blanks), `earlier` written before `later`. They were two nodes that
    /// every report showed alike, and a fault named one of them by bytes no one sees.
    private static func lookAlike(_ earlier: NodeClaim, _ later: NodeClaim) -> ScenarioError {
        let (here, other) = later.remedy != nil || earlier.remedy == nil ? (later, earlier) : (earlier, later)
        let remedy = here.remedy ?? "rename one of them"
        return here.at.error(.invalidValue(
            "node '\(here.id.name.excerpt)' (\(codePoints(here.id.name))) of \(here.holder) (here) names the same as node '\(other.id.name.excerpt)' (\(codePoints(other.id.name))) of \(other.holder) (at \(other.at.line):\(other.at.column)), in other code points (\(equivalence(here.id.name, other.id.name))): reports would show two nodes alike; \(remedy)"))
    }

    /// How two names of one ``YAMLCursor/lookAlikeForm(of:)`` are one text to a reader:
    /// "Unicode canonical equivalence", "Unicode compatibility equivalence, NFKC", the scalars
    /// that show nothing (``NameScalars/showsNothing(_:)``) that tell them apart set aside
    /// ("U+200D set aside: it shows nothing itself"), the blanks at an end set aside ("the trailing
    /// blank U+00A0 NO-BREAK SPACE set aside: a table cell trims blanks at either end"), their
    /// blanks read as one space ("U+0020, U+2800 read as one space, as a Markdown page shows a run
    /// of blanks"), or these together.
    static func equivalence(_ name: String, _ other: String) -> String {
        // `String` holds canonically equivalent names equal.
        if name == other { return "Unicode canonical equivalence" }
        let compatible = "Unicode compatibility equivalence, NFKC"
        func folded(_ text: String) -> String { text.precomposedStringWithCompatibilityMapping }
        if folded(name) == folded(other) { return compatible }
        func visible(_ text: String) -> String { String(String.UnicodeScalarView(text.unicodeScalars.filter { !NameScalars.showsNothing($0) })) }
        func distinct(_ keep: (Unicode.Scalar) -> Bool, in texts: [String]) -> [Unicode.Scalar] {
            var found: [Unicode.Scalar] = []
            for scalar in texts.flatMap(\.unicodeScalars) where keep(scalar) && !found.contains(scalar) { found.append(scalar) }
            return found
        }
        let hidden = distinct(NameScalars.showsNothing, in: [name, other])
        let setAside = hidden.isEmpty ? nil
            : "\(hidden.map(\.codePoint).joined(separator: ", ")) set aside: \(hidden.count == 1 ? "it shows" : "they show") nothing \(hidden.count == 1 ? "itself" : "themselves")"
        let (shown, otherShown) = (visible(name), visible(other))
        if shown == otherShown { return setAside ?? "Unicode canonical equivalence" }
        // A reference may end in a blank no name holds (`web1` + U+00A0): told by its code point and
        // Unicode name, since the text shows it as nothing or as a space.
        let trimmed = edgeBlanks(shown) + edgeBlanks(otherShown)
        let edges = trimmed.isEmpty ? nil : trimmed.joined(separator: " and ") + " set aside: a table cell trims blanks at either end"
        let (core, otherCore) = (String(YAMLCursor.trimmingBlanks(shown.unicodeScalars)), String(YAMLCursor.trimmingBlanks(otherShown.unicodeScalars)))
        let ways = [setAside, edges].compactMap { $0 }
        if core == otherCore { return ways.isEmpty ? "Unicode canonical equivalence" : ways.joined(separator: "; ") }
        if folded(core) == folded(otherCore) { return ([compatible] + ways).joined(separator: ", with ") }
        let blanks = distinct(NameScalars.isBlank, in: [folded(core), folded(otherCore)])
        let blanksAsSpace = blanks.isEmpty ? nil : "\(blanks.map(\.codePoint).joined(separator: ", ")) read as one space, as a Markdown page shows a run of blanks"
        let compatibility = folded(core) != core || folded(otherCore) != otherCore ? compatible : nil
        let all = (ways + [blanksAsSpace].compactMap { $0 }).joined(separator: "; ")
        return compatibility.map { "\($0), with \(all)" } ?? all
    }

    /// The blanks (``NameScalars/isBlank(_:)``) `text` begins and ends with, each run as "the
    /// leading blank U+0020 SPACE" or "the trailing blanks U+00A0 NO-BREAK SPACE, U+0020 SPACE".
    private static func edgeBlanks(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let leading = scalars.prefix { NameScalars.isBlank($0) }
        let trailing = leading.count == scalars.count ? [] : scalars.reversed().prefix { NameScalars.isBlank($0) }.reversed()
        func described(_ run: [Unicode.Scalar], _ end: String) -> String? {
            guard !run.isEmpty else { return nil }
            let named = run.map { scalar in [scalar.codePoint, scalar.properties.name ?? scalar.properties.nameAlias].compactMap { $0 }.joined(separator: " ") }
            return "the \(end) blank\(run.count == 1 ? "" : "s") \(named.joined(separator: ", "))"
        }
        return [described(Array(leading), "leading"), described(Array(trailing), "trailing")].compactMap { $0 }
    }

    /// The name's first Unicode scalars as code points: "U+0041 U+030A".
    static func codePoints(_ name: String) -> String {
        let shown = name.unicodeScalars.prefix(12).map(\.codePoint)
        return shown.joined(separator: " ") + (name.unicodeScalars.count > 12 ? " …" : "")
    }

    /// The named servers, each at its `name`; servers placed `on:` cluster nodes take those nodes'
    /// names by design and claim nothing.
    private static func serverClaims(_ cursor: YAMLCursor?, servers: [Scenario.Server], mapreduce: MapReduceSection?) throws(ScenarioError) -> [NodeClaim] {
        guard let cursor else { return [] }
        var claims: [NodeClaim] = []
        var next = servers.startIndex
        for item in try cursor.list() {
            let fields = try item.openMapping()
            if let on = fields["on"] {
                next += try mapReduceHosts(on, mapreduce: mapreduce).count
                continue
            }
            let count = try fields["count"]?.int() ?? 1
            let nameCursor = try fields.required("name")
            // What the file wrote: servers `s` × 2 are nodes `s1` and `s2`, and no server is named `s1`.
            let written = count == 1 ? nil : try nameCursor.string()
            for server in servers[next..<min(next + count, servers.endIndex)] {
                let holder = written.map { "server '\($0.excerpt)' with count: \(count)" } ?? "server '\(server.id.name.excerpt)'"
                claims.append(NodeClaim(id: server.id, holder: holder, at: nameCursor,
                                        remedy: count == 1 ? "give the server another name" : "give these servers another name", role: .applicationHost))
            }
            next += count
        }
        return claims
    }

    /// The cluster's coordinator and workers, its log (unless the log section claims it) and its
    /// shuffle store, and the jobs' client (`client`, or `job-client` beside a workload).
    private static func mapReduceClaims(_ top: YAMLMapping, mapreduce: MapReduceSection?, hasLog: Bool, hasWorkload: Bool) throws(ScenarioError) -> [NodeClaim] {
        guard let mapreduce, let cursor = top["mapreduce"] else { return [] }
        let fields = try cursor.openMapping()
        let cluster = try fields["cluster"]?.openMapping()
        let workersAt = cluster?["workers"] ?? fields["cluster"] ?? cursor
        let workers = mapreduce.cluster.workers
        var claims = [NodeClaim(id: "coordinator", holder: "the MapReduce coordinator", at: cursor, role: .applicationHost)]
        for node in mapreduce.nodes where node.name.hasPrefix("worker-") {
            claims.append(NodeClaim(id: node, holder: "MapReduce worker '\(node.name)' (the cluster's workers are worker-1 … worker-\(workers))", at: workersAt, role: .applicationHost))
        }
        if !hasLog, mapreduce.nodes.contains("log") { claims.append(NodeClaim(id: "log", holder: "the cluster's log 'log'", at: cursor)) }
        if mapreduce.nodes.contains("shuffle") {
            claims.append(NodeClaim(id: "shuffle", holder: "the cluster's shuffle store 'shuffle'", at: cluster?["shuffle"] ?? cursor))
        }
        let client: NodeID = hasWorkload ? "job-client" : "client"
        claims.append(NodeClaim(id: client, holder: "the MapReduce jobs' client '\(client.name)'", at: fields["jobs"] ?? cursor, role: .client))
        return claims
    }

    /// The log's node and its producers, each at its `name` (or its entry, for `producer-N`).
    private static func logClaims(_ cursor: YAMLCursor?, log: LogSection?) throws(ScenarioError) -> [NodeClaim] {
        guard let log, let cursor else { return [] }
        var claims = [NodeClaim(id: "log", holder: "the log 'log'", at: cursor)]
        let items = try cursor.openMapping()["producers"]?.list() ?? []
        for (producer, item) in zip(log.producers, items) {
            let name = try item.openMapping()["name"]
            claims.append(NodeClaim(id: producer.id, holder: "log producer '\(producer.id.name.excerpt)'", at: name ?? item,
                                    remedy: name == nil ? "name the log producer" : "give the log producer another name"))
        }
        return claims
    }

    /// The queue's controller and brokers (at `brokers`, which numbers them), its producers and
    /// its consumers (each at its `name`).
    private static func queueClaims(_ cursor: YAMLCursor?, queue: QueueSection?) throws(ScenarioError) -> [NodeClaim] {
        guard let queue, let cursor else { return [] }
        let fields = try cursor.openMapping()
        var claims = [NodeClaim(id: "controller", holder: "the queue's controller 'controller'", at: cursor)]
        for number in 1...max(queue.brokers, 1) {
            claims.append(NodeClaim(id: NodeID("broker-\(number)"), holder: "the queue's broker 'broker-\(number)' (its brokers are broker-1 … broker-\(queue.brokers))",
                                    at: fields["brokers"] ?? cursor))
        }
        for (kind, ids) in [("producer", queue.producers.map(\.id)), ("consumer", queue.consumers.map(\.id))] {
            let items = try fields[kind + "s"]?.list() ?? []
            for (id, item) in zip(ids, items) {
                claims.append(NodeClaim(id: id, holder: "queue \(kind) '\(id.name.excerpt)'", at: try item.openMapping()["name"] ?? item,
                                        remedy: "give the queue \(kind) another name"))
            }
        }
        return claims
    }

    /// The store's node (at `object_store.name`, or the section that implies `s3`) and the
    /// operations' client.
    private static func storeClaims(_ top: YAMLMapping, store: StoreSection?, operations: OperationsSection?) throws(ScenarioError) -> [NodeClaim] {
        var claims: [NodeClaim] = []
        if let store, let cursor = top["object_store"] ?? top["operations"] {
            let name = top["object_store"] == nil ? nil : try cursor.openMapping()["name"]
            claims.append(NodeClaim(id: store.id, holder: "the object store '\(store.id.name.excerpt)'", at: name ?? cursor,
                                    remedy: name == nil ? "name the object store with object_store.name" : "give the object store another name"))
        }
        if let operations, let cursor = top["operations"] {
            var name: YAMLCursor?
            if case .mapping = cursor.node { name = try cursor.openMapping()["client"] }
            claims.append(NodeClaim(id: operations.client, holder: "the operations' client '\(operations.client.name.excerpt)'", at: name ?? cursor,
                                    remedy: name == nil ? "name the operations' client with operations.client" : "give the operations' client another name",
                                    role: .client))
        }
        return claims
    }
}
