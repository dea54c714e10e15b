import Testing
@testable import Scenarios

/// One rule for the names a world holds and for A-3's hostnames (no control character, said in
/// one message with the scalar's code point); hostnames may be empty, as the original balancer
/// takes them, and queue names keep Kafka's topic characters. The hostname check was a second
/// copy of `name()`'s loop.
struct NameRuleTests {
    static func cursor(_ text: String) -> YAMLCursor {
        YAMLCursor(node: .scalar(.init(text)), file: "t.yaml", path: "")
    }

    @Test func aNameAndAHostnameAreRefusedInOneMessage() {
        #expect(DurationExactRangeTests.refusal { _ = try Self.cursor("s\u{1B}[31m").name() }
            == "a name must not contain control characters, got 's\\x1B[31m' (U+001B)")
        #expect(DurationExactRangeTests.refusal { _ = try Self.cursor("h\u{85}").printableText("a hostname") }
            == "a hostname must not contain control characters, got 'h\\x85' (U+0085)")
        #expect(DurationExactRangeTests.refusal { _ = try Self.cursor("").name() } == "a name must not be empty")
    }

    @Test func aHostnameMayBeEmptyAndANameMayHoldAnyVisibleText() throws {
        #expect(try Self.cursor("").printableText("a hostname") == "")
        #expect(try Self.cursor("Server 1 µ").name() == "Server 1 µ")
    }

    /// The loader's messages quote the file, the line and the column of the hostname.
    @Test func anA3HostnameIsRefusedAtItsPosition() {
        let text = "experiment: a3\nservers: 1\noperations:\n  - add: {n: 1, hostnames: [\"\\e[31mRED\"]}\nfailover: {rate: 10, duration: 1s, kill: Server 1, kill_at: 0.5s}\n"
        do {
            _ = try parseExperiment(text, file: "cases/a3.yaml")
            Issue.record("a hostname holding an escape loaded")
        } catch {
            #expect("\(error)" == "cases/a3.yaml:4:29: error: a hostname must not contain control characters, got '\\x1B[31mRED' (U+001B) (at operations.[0].add.hostnames.[0])")
        }
    }
}
