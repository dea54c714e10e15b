import Testing
@testable import Scenarios

/// A whole number written with a leading zero is refused wherever the loader reads a bare
/// number: a YAML 1.1 reader (PyYAML, which `scripts/check_schema.py` validates with) reads `017`
/// as the octal number 15 and `08` as text, where the loader, like YAML 1.2, read 17 and 8 — the
/// schema checked one number and the run used another.
struct LeadingZeroTests {
    /// A world of two servers whose third line is `workload` and fourth `faults`.
    static func world(workload: String = "{type: closed_loop, users: 2}", faults: String = "[]") -> String {
        "run: {duration: 5s}\nservers: [{name: s, count: 2}]\nworkload: \(workload)\nfaults: \(faults)\n"
    }

    /// The error loading `text` as any kind of file gives, if any (as `h.yaml`).
    static func error(_ text: String) -> String? { HostileInputTests.error(text) }

    static let octal17 = "'017' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as octal 15, YAML 1.2 readers as 17; write 15 or 17"

    @Test(arguments: [
        // An integer: `workload: {type: closed_loop, users: ` is 37 characters.
        (world(workload: "{type: closed_loop, users: 017}"), "h.yaml:3:38: error: \(octal17) (at workload.users)"),
        (world(workload: "{type: closed_loop, users: -017}"),
         "h.yaml:3:38: error: '-017' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as octal -15, YAML 1.2 readers as -17; write -15 or -17 (at workload.users)"),
        (world(workload: "{type: closed_loop, users: 0_17}"),
         "h.yaml:3:38: error: '0_17' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as octal 15, YAML 1.2 readers as 17; write 15 or 17 (at workload.users)"),
        // Not an octal number: text to YAML 1.1, so the schema says "not an integer".
        (world(workload: "{type: closed_loop, users: 08}"),
         "h.yaml:3:38: error: '08' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as text, YAML 1.2 readers as 8; write 8 (at workload.users)"),
        // The same value either way, and still refused: the rule is the leading zero.
        (world(workload: "{type: closed_loop, users: 07}"),
         "h.yaml:3:38: error: '07' has a leading zero, which YAML 1.1 readers (PyYAML, for one) take for octal; write 7 (at workload.users)"),
        // A number (`faults: [{at: 1s, slow: s1, factor: ` is 36 characters).
        (world(faults: "[{at: 1s, slow: s1, factor: 017}]"), "h.yaml:4:37: error: \(octal17) (at faults.[0].factor)"),
        // A duration without a unit (`faults: [{at: ` is 14 characters).
        (world(faults: "[{at: 017, crash: s1}]"), "h.yaml:4:15: error: \(octal17) (at faults.[0].at)"),
        // A seed, read as an unsigned 64-bit integer (`input: {synthetic: {lines: 100, seed: ` is 38).
        ("cluster: {workers: 2}\njob: {name: word-count, reducers: 2}\ninput: {synthetic: {lines: 100, seed: 017}}\n",
         "h.yaml:3:39: error: \(octal17) (at input.synthetic.seed)"),
        // A percentage without `%` (`balancer: {strategy: round_robin, panic_threshold: ` is 51).
        ("run: {duration: 5s}\nservers: [{name: s, count: 2}]\nbalancer: {strategy: round_robin, panic_threshold: 050}\nworkload: {type: closed_loop, users: 2}\n",
         "h.yaml:3:52: error: '050' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as octal 40, YAML 1.2 readers as 50; write 40 or 50 (at balancer.panic_threshold)"),
    ])
    func aBareWholeNumberWithALeadingZeroIsRefusedAtItsValue(text: String, expected: String) {
        #expect(Self.error(text) == expected)
    }

    /// `0` itself, decimals and numbers with a unit are read alike by every YAML reader: YAML
    /// 1.1 reads `017.5` as 17.5, and `017s`, `050%` and `"017"` as text.
    @Test func zeroDecimalsAndNumbersWithAUnitStillLoad() throws {
        let faults = "[{at: 0, crash: s2}, {at: 1s, slow: s1, factor: 017.5, for: 0.5}, {at: 2s, restart: s1, boot_time: 017s}, {at: 3s, drop_rate: 0.0, for: 05ms}]"
        #expect(Self.error(Self.world(faults: faults)) == nil)
        let percent = "run: {duration: 5s}\nservers: [{name: s, count: 2}]\nbalancer: {strategy: round_robin, panic_threshold: 050%}\nworkload: {type: closed_loop, users: 2}\n"
        #expect(Self.error(percent) == nil)
    }

    @Test(arguments: ["0", "-0", "+0", "10", "-10", "1_000", "0.5", "017.5", "0e3", ".5", "0x10", "0b1", "0o17", "0_", "", "abc"])
    func textWithoutALeadingZeroIsLeftToTheReader(text: String) {
        #expect(YAMLCursor.leadingZeroProblem(text) == nil)
    }

    @Test func theMessageSaysHowEachYAMLReaderReadsIt() {
        #expect(YAMLCursor.leadingZeroProblem("+017") == "'+017' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as octal 15, YAML 1.2 readers as 17; write 15 or 17")
        #expect(YAMLCursor.leadingZeroProblem("00") == "'00' has a leading zero, which YAML 1.1 readers (PyYAML, for one) take for octal; write 0")
        #expect(YAMLCursor.leadingZeroProblem("-00") == "'-00' has a leading zero, which YAML 1.1 readers (PyYAML, for one) take for octal; write 0")
        #expect(YAMLCursor.leadingZeroProblem("019") == "'019' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as text, YAML 1.2 readers as 19; write 19")
        // Too long for 64 bits in octal: still the octal reading, without its value.
        #expect(YAMLCursor.leadingZeroProblem("0" + String(repeating: "7", count: 30))?.hasSuffix("take for octal; write " + String(repeating: "7", count: 30)) == true)
    }
}
