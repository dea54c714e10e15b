import Foundation
import Testing
@testable import Reports

/// A key named in a strict-JSON note follows the one rule of what must not be shown raw
/// (``Unicode/Scalar/isHiddenWhenShown``): a right-to-left override or a zero-width space in a
/// key given twice reached the note as it was, where only C0, DEL and C1 were escaped.
@Suite struct StrictJSONCheckHiddenKeyTests {
    @Test(arguments: [
        ("a\u{202E}b", #""a\u202Eb""#),
        ("a\u{200B}b", #""a\u200Bb""#),
        ("a\u{2028}b", #""a\u2028b""#),
        ("a\u{1B}b\u{9B}", #""a\u001Bb\u009B""#),
        ("tag\u{E0001}", #""tag\uDB40\uDC01""#),
        ("µs \"q\" \\", #""µs \"q\" \\""#),
    ])
    func aHiddenScalarOfAKeyIsEscaped(key: String, quoted: String) {
        #expect(StrictJSONCheck.Problem.quoted(key) == quoted)
    }

    @Test func aRepeatedKeyWithAnOverrideIsNamedEscaped() {
        let text = "{\"a\u{202E}b\": 1, \"a\\u202eb\": 2}"
        #expect(StrictJSONCheck.problem(in: Data(text.utf8))?.description == #"its key "a\u202Eb" is repeated in one object at byte offset 13"#)
    }
}
