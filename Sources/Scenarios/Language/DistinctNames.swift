/// The names of a list whose members a report tells apart by name (a log's or a queue's topics,
/// a store's buckets, an experiment's runs, variants and algorithms, a world's zones), each with
/// its look-alike form (``YAMLCursor/lookAlikeForm(of:)``) worked out once, as it is added. The
/// rule had a second implementation that worked out every earlier member's form again for each
/// new one: 1,000 buckets took 15 s to load, and 1,000 A-4 variants as long.
struct DistinctNames {
    /// Each accepted member's look-alike form, with the member. A form has one member: a second
    /// whose form is the same is refused (as written twice or as a look-alike), never added.
    private var members: [String: String] = [:]

    /// Refuses `name`, written at `cursor` as a `kind` ("topic", "variant"), when an earlier
    /// member is it byte for byte ("… is listed twice") or looks like it
    /// (``lookAlikeRefusal(_:twin:kind:remedy:at:)``); both refusals end with `remedy`. Else adds it.
    /// - Complexity: O(length of `name`), amortised.
    mutating func add(_ name: String, at cursor: YAMLCursor, kind: String, remedy: String) throws(ScenarioError) {
        guard let twin = twin(adding: name) else { return }
        if twin.utf8.elementsEqual(name.utf8) {
            throw cursor.error(.invalidValue("\(kind) '\(name.excerpt)' is listed twice; \(remedy)"))
        }
        throw Self.lookAlikeRefusal(name, twin: twin, kind: kind, remedy: remedy, at: cursor)
    }

    /// The earlier member whose look-alike form `name` shares (`name` itself when it was written
    /// twice byte for byte), else nil, and `name` is added. For a caller that words the refusal
    /// of a name written twice its own way (a zone's); ``add(_:at:kind:remedy:)`` otherwise.
    mutating func twin(adding name: String) -> String? {
        let form = YAMLCursor.lookAlikeForm(of: name)
        if let twin = members[form] { return twin }
        members[form] = name
        return nil
    }

    /// The refusal of `name`, written at `cursor` as a `kind`, that looks like the earlier member
    /// `twin` without being it byte for byte: fullwidth `ｘ` and `x`, `Å` as U+00C5 and as `A`
    /// U+030A, `a b` and `a  b` are one name in every table that tells them apart. It says what
    /// tells them apart (``ScenarioLoader/equivalence(_:_:)``) and ends with `remedy`. Node names
    /// meet this rule in
    /// ``ScenarioLoader/checkNodeNames(top:servers:balancer:workload:mapreduce:log:queue:store:backup:operations:)``.
    static func lookAlikeRefusal(_ name: String, twin: String, kind: String, remedy: String, at cursor: YAMLCursor) -> ScenarioError {
        cursor.error(.invalidValue(
            "\(kind) '\(name.excerpt)' (\(ScenarioLoader.codePoints(name))) names the same as \(kind) '\(twin.excerpt)' (\(ScenarioLoader.codePoints(twin))) in other code points (\(ScenarioLoader.equivalence(name, twin))); \(remedy)"))
    }
}
