import Testing
@testable import Scenarios

/// Where a quote opens a quoted `--vary` value, as YAML's flow rules open one: at the start of a
/// value only. `servers.0.name=a'b,c` was one variant, `a'b,c`, the quote in mid-word keeping the
/// comma; it is two, `a'b` and `c`, while `'a,b',c` stays two, `a,b` and `c`.
struct VaryListQuoteTests {
    @Test(arguments: [
        // A quote in mid-word is a character of a plain value; the comma after it separates.
        ("a'b,c", ["a'b", "c"]),
        ("a\"b,c", ["a\"b", "c"]),
        ("it's,x,y's", ["it's", "x", "y's"]),
        // A quote first in an item (after spaces) opens a quoted value, which keeps its commas.
        ("'a,b',c", ["'a,b'", "c"]),
        ("c, 'a,b'", ["c", "'a,b'"]),
        ("\"a,b\",c", ["\"a,b\"", "c"]),
        // Inside a quoted value, '' and \" are the quote itself, not its end.
        ("'it''s, ok',c", ["'it''s, ok'", "c"]),
        ("\"say \\\"hi, there\\\"\",c", ["\"say \\\"hi, there\\\"\"", "c"]),
        // Inside brackets and braces a quote opens a value after [, {, , or :, not in mid-word.
        ("[it's],b", ["[it's]", "b"]),
        ("['x]y', z],b", ["['x]y', z]", "b"]),
        ("{name: 'a}b'},c", ["{name: 'a}b'}", "c"]),
        ("{median: 1ms, sigma: 0.5},2ms", ["{median: 1ms, sigma: 0.5}", "2ms"]),
        // A closing bracket with none open is a character of the value.
        ("a],b", ["a]", "b"]),
    ])
    func aQuoteOpensAQuotedValueOnlyAtTheStartOfAValue(list: String, values: [String]) {
        #expect(VaryList("servers.0.name=" + list)?.values == values)
    }

    /// The overrides a sweep runs: the quoted value is read as YAML, so `'a,b'` is the text a,b.
    @Test func theVariantsAreTheValuesSplitSo() throws {
        #expect(try ScenarioOverride.parseVariants("servers.0.name=a'b,c").map(\.value) == ["a'b", "c"])
        #expect(try ScenarioOverride.parseVariants("servers.0.name='a,b',c").map(\.value) == ["'a,b'", "c"])
    }
}
