import Testing
@testable import Scenarios

/// An expectation's threshold judged on its digits as written, not its `Double` (s77's F9):
/// `success_ratio > 0.99999999999999999999` was refused as never holding, though a ratio of 1
/// passes it; `success_ratio <= 1.0000000000000000001` was accepted, where `<= 1.5` is refused.
struct WrittenThresholdTests {
    static func world(_ expectation: String) -> String {
        "run: {requests: 10}\nservers: [{name: s, count: 1}]\nworkload: {type: closed_loop, users: 1}\nexpect:\n  - \(expectation)\n"
    }

    static func expectation(_ text: String) throws -> Scenarios.Expectation {
        try #require(try ScenarioLoader.parse(world(text), file: "e.yaml").expectations.first)
    }

    @Test func aThresholdJustBelowOneIsKeptAndPassedOnlyByOne() throws {
        let above = try Self.expectation("success_ratio > 0.99999999999999999999")
        #expect(above.threshold == 1.0.nextDown)
        #expect(above.comparison.holds(1, above.threshold))
        #expect(!above.comparison.holds(1.0.nextDown, above.threshold))
        let atMost = try Self.expectation("success_ratio <= 0.99999999999999999999")
        #expect(!atMost.comparison.holds(1, atMost.threshold))
        #expect(atMost.comparison.holds(0.999, atMost.threshold))
        // An ordinary threshold keeps its nearest Double: 1 failure in 10 is not above 0.1.
        let tenth = try Self.expectation("success_ratio > 0.1")
        #expect(tenth.threshold == 0.1)
        #expect(!tenth.comparison.holds(1.0 / 10.0, tenth.threshold))
    }

    @Test func aThresholdJustAboveZeroIsPassedByZero() throws {
        let below = try Self.expectation("success_ratio < 1e-400")
        #expect(below.threshold == 0.0.nextUp)
        #expect(below.comparison.holds(0, below.threshold))
    }

    @Test(arguments: [
        ("success_ratio <= 1.0000000000000000001", "e.yaml:5:5: error: 'balancer.success_ratio' lies within 0 … 1, so 'success_ratio <= 1.0000000000000000001' would hold always or never (at expect.[0])"),
        ("success_ratio > 1", "e.yaml:5:5: error: 'balancer.success_ratio' lies within 0 … 1, so 'success_ratio > 1' would never hold (at expect.[0])"),
        ("completed == 1.00000000000000000001", "e.yaml:5:5: error: 'balancer.completed' is a whole number, so 'completed == 1.00000000000000000001' would never hold (at expect.[0])"),
        ("success_ratio >= -0.00000000000000000001", "e.yaml:5:5: error: 'balancer.success_ratio' lies within 0 … 1, so 'success_ratio >= -0.00000000000000000001' would hold always or never (at expect.[0])"),
    ])
    func aThresholdPastAnEdgeAsWrittenIsRefused(text: String, message: String) {
        var refusal: String?
        do { _ = try ScenarioLoader.parse(Self.world(text), file: "e.yaml") } catch { refusal = error.description }
        #expect(refusal == message)
    }

    @Test func theWrittenNumberIsComparedExactly() throws {
        let nearOne = try #require(WrittenThreshold("0.99999999999999999999"))
        #expect(nearOne.compared(with: 1) == -1)
        #expect(nearOne.compared(with: 0) == 1)
        #expect(!nearOne.isWhole)
        let negative = try #require(WrittenThreshold("-1.5"))
        #expect(negative.compared(with: -1) == -1)
        #expect(negative.compared(with: -2) == 1)
        #expect(try #require(WrittenThreshold("1e3")).compared(with: 1_000) == 0)
        #expect(try #require(WrittenThreshold("+2.0")).isWhole)
        #expect(try #require(WrittenThreshold("1e400")).compared(with: .infinity) == -1)
    }
}
