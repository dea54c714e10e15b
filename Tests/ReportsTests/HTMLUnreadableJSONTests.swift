import Foundation
import Testing
@testable import Reports

/// ``VerdictSummary/read(_:)``: a `report.json` the page cannot read is told apart from one that
/// records no verdicts (both showed a dash without a word).
@Suite struct HTMLUnreadableJSONTests {
    func read(_ json: String) -> String {
        switch VerdictSummary.read(Data(json.utf8)) {
        case .success(let summary?): summary.parts.map(\.text).joined(separator: ", ")
        case .success(nil): "no verdicts"
        case .failure(let problem): problem.description
        }
    }

    @Test func unreadableFilesSayWhy() {
        #expect(read("") == "it is not JSON at byte offset 0")
        #expect(read("{\"passed\": tru}") == "it is not JSON at byte offset 11")
        #expect(read("\"passed\"") == "it is JSON but not an object")
        #expect(read("{\"passed\": null}") == "its \"passed\" is not true or false")
        #expect(read("{\"passed\": true, \"checks\": {\"holds\": true}}") == "its \"checks\" is not a list of objects each with \"holds\": true or false")
    }

    @Test func filesOrreryWritesAreRead() {
        #expect(read("{\"passed\": false, \"checks\": [{\"holds\": true}, {\"holds\": false}]}") == "failed, expectations: 1 of 2 hold")
        #expect(read("{\"claims\": [{\"verdict\": \"holds\"}]}") == "claims: 1 holds")
        #expect(read("{\"schema\": \"orrery.a1/1\"}") == "no verdicts")
        #expect(read("{\"variants\": [{\"name\": \"least_conn\"}]}") == "no verdicts")
    }
}
