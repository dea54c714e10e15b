import Foundation
import Testing
@testable import Scenarios

/// `Tests/Fixtures/schema-bad/`: files `scripts/check-schema.sh` checks the schema refuses. The
/// loader must refuse each of them too, or the schema would be stricter than the language.
struct SchemaFixtureTests {
    static let directory = packageRoot.appendingPathComponent("Tests/Fixtures/schema-bad")

    static let files: [String] = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
        .filter { $0.hasSuffix(".yaml") }.sorted() ?? []

    @Test func thereAreBadFilesOfEveryKind() {
        #expect(Self.files.count >= 12)
    }

    @Test(arguments: files)
    func theLoaderRefusesEveryBadFixture(file: String) throws {
        let path = Self.directory.appendingPathComponent(file).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# Wrong: "), "\(file) says on its first line what is wrong with it")
        #expect(throws: ScenarioError.self, "\(file) loads") { try ScenarioFile.load(path: path) }
    }
}
