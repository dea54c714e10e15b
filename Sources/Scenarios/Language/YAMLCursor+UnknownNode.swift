extension YAMLCursor {
    /// The refusal of `name`, written here to name one of `nodes` and none of them. It says
    /// what the file most likely meant: the node the name looks like (fullwidth `ｗｅｂ`, or
    /// `web` + U+200B, for `web`: a reader cannot tell them apart, so the closest spelling by
    /// edits would be no help), the numbered nodes it is the stem of (`Web` for a server with
    /// `count: 2`, whose nodes are `Web1` and `Web2`: by letters the closest was another server,
    /// `web`), the closest node by edits (``Suggestion``), or every node.
    func unknownNode(_ name: String, among nodes: [String]) -> ScenarioError {
        if let refusal = unknownLookAlike(name, among: nodes, kind: "node") { return refusal }
        let hint = Self.numbered(name, among: nodes) ?? Suggestion.closest(to: name, among: nodes).map { "did you mean '\($0)'?" }
        return error(.invalidValue("unknown node '\(name.excerpt)'; " + (hint ?? "known nodes: \(nodes.joined(separator: ", "))")))
    }

    /// The refusal of `name`, written here to name one of `names` (each a `kind`: "node",
    /// "server", "zone") and matching none byte for byte, when it looks like one of them
    /// (``lookAlikeForm(of:)``): "unknown server 'Å' (U+0041 U+030A), a look-alike of server 'Å'
    /// (U+00C5) in other code points (Unicode canonical equivalence); write it as the server is
    /// named". Every reference to a name compares bytes, as ``NodeID`` does, and says so here.
    func unknownLookAlike(_ name: String, among names: [String], kind: String) -> ScenarioError? {
        let form = Self.lookAlikeForm(of: name)
        guard let twin = names.first(where: { Self.lookAlikeForm(of: $0) == form }) else { return nil }
        return error(.invalidValue(
            "unknown \(kind) '\(name.excerpt)' (\(ScenarioLoader.codePoints(name))), a look-alike of \(kind) '\(twin.excerpt)' (\(ScenarioLoader.codePoints(twin))) in other code points (\(ScenarioLoader.equivalence(name, twin))); write it as the \(kind) is named"))
    }

    /// "did you mean one of the numbered nodes Web1, Web2?" when nodes are `name` followed by a
    /// number (`Web1`, `Web2`: a server's copies with `count`, or `worker-1` … for `worker-`),
    /// matched by bytes, so by letter case too; nil when none is.
    private static func numbered(_ name: String, among nodes: [String]) -> String? {
        guard !name.isEmpty else { return nil }
        let stem = name.utf8.count
        let copies = nodes.compactMap { node -> (number: Int, name: String)? in
            guard node.utf8.starts(with: name.utf8) else { return nil }
            let suffix = node.utf8.dropFirst(stem)
            guard let first = suffix.first, first != UInt8(ascii: "0"), suffix.count <= 9,
                  suffix.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return (suffix.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }, node)
        }.sorted { $0.number < $1.number }
        guard let first = copies.first, let last = copies.last else { return nil }
        if copies.count == 1 { return "did you mean '\(first.name)'?" }
        let consecutive = last.number - first.number + 1 == copies.count
        let listed = consecutive && copies.count > 3 ? "\(first.name) … \(last.name)"
            : copies.prefix(5).map(\.name).joined(separator: ", ") + (copies.count > 5 ? ", …" : "")
        return "did you mean one of the numbered nodes \(listed)?"
    }
}
