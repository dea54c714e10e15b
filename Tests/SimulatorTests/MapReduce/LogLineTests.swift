import Testing
@testable import Simulator

/// The log format's latency is digits then `ms`, and a line ending in CRLF parses as the line.
struct LogLineTests {
    static func parse(_ text: String) -> MapReduce.LogLine? { MapReduce.LogLine(Array(text.utf8)[...]) }

    @Test(arguments: ["+5ms", "-0ms", "-5ms", " 5ms", "5 ms", "ms", "5", "99999999999999999999ms", "0x5ms", "５ms"])
    func aLatencyThatIsNotDigitsThenMsIsMalformed(_ latency: String) {
        #expect(Self.parse("2024-01-01T00:00:05.000Z ERROR api GET / 500 \(latency) upstream timeout") == nil)
    }

    @Test func digitLatenciesParse() {
        #expect(Self.parse("2024-01-01T00:00:05.000Z ERROR api GET / 500 0ms")?.latencyMilliseconds == 0)
        #expect(Self.parse("2024-01-01T00:00:05.000Z ERROR api GET / 500 007ms x")?.latencyMilliseconds == 7)
        #expect(Self.parse("2024-01-01T00:00:05.000Z ERROR api GET / 500 9223372036854775807ms")?.latencyMilliseconds == .max)
    }

    @Test func aTrailingCarriageReturnIsALineEndNotPartOfTheLine() throws {
        let bare = try #require(Self.parse("2024-01-01T00:00:05.000Z ERROR api GET / 500 12ms"))
        #expect(bare.latencyMilliseconds == 12 && bare.message.isEmpty)
        let line = try #require(Self.parse("2024-01-01T00:00:05.000Z ERROR api GET / 500 12ms upstream timeout\r"))
        #expect(String(decoding: line.message, as: UTF8.self) == "upstream timeout")
        // Only one CR goes; a CR inside the line is the line's.
        #expect(Self.parse("2024-01-01T00:00:05.000Z ERROR api GET / 500 12ms\r\r") == nil)
    }

    /// The audit's `logcrlf.txt` in small: every CRLF line counts, none is malformed, in the
    /// cluster and in the sequential oracle alike.
    @Test func logPatternsOverACRLFFileCountEveryLine() throws {
        let text = (0..<20).map { "2024-03-15T10:00:\(10 + $0).000Z ERROR svc GET / 500 \($0)ms\r\n" }.joined()
        let document = MapReduce.Document(id: 0, name: "crlf.log", text: text)
        let request = MapReduce.JobRequest(job: MapReduce.LogPatterns(), input: .documents([document], splitSize: 100), reducers: 3)
        let output = Fixtures.text(try Fixtures.run(seed: 3, request).report.output!.records)
        #expect(output == ["level:ERROR\t20", "service:svc\t20", "status:500\t20"])
        #expect(Fixtures.text(try MapReduce.SequentialRunner.run(MapReduce.LogPatterns(), Fixtures.records([document]))) == output)
    }
}
