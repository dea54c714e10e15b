/// The names of a list whose members a report tells apart by name (a log's or a queue's topics,
/// a store's buckets), each with its look-alike form (``YAMLCursor/lookAlikeForm(of:)``) worked
/// out once, as it is added. ``YAMLCursor/checkDistinct(_:among:kind:remedy:)`` works out every
/// earlier member's form again for each new one: 1,000 buckets took 15 s to load.
struct DistinctNames {
    /// Each accepted member's look-alike form, with the member. A form has one member: a second
    /// whose form is the same is refused (as written twice or as a look-alike), never added.
    private var members: [String: String] = [:]

    /// Refuses `name`, written at `cursor` as a `kind` ("topic", "bucket"), as
    /// ``YAMLCursor/checkDistinct(_:among:kind:remedy:)`` does, in its words, and adds it.
    /// - Complexity: O(length of `name`), amortised.
    mutating func add(_ name: String, at cursor: YAMLCursor, kind: String, remedy: String) throws(ScenarioError) {
        let form = YAMLCursor.lookAlikeForm(of: name)
        if let twin = members[form] {
            // Written twice byte for byte, else a look-alike: the one earlier member the rule reads as it.
            try cursor.checkDistinct(name, among: [twin], kind: kind, remedy: remedy)
        }
        members[form] = name
    }
}
