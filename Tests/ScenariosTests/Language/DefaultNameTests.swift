import Foundation
import Testing
@testable import Scenarios

/// A file without `name:` is named after its file, and that name obeys the rules `name:` does: it
/// names the report's directory (`...yaml` was named `..` and failed at run time writing
/// `../report.md`; `a b.yaml`, `.hidden.yaml` and `ü.yaml` validated).
struct DefaultNameTests {
    static let text = "run: {requests: 10}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 1}\n"

    static func error(file: String) -> String? {
        do {
            _ = try ScenarioFile.load(bytes: Array(text.utf8), file: file)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        ("dir/a b.yaml", "a b", "a scenario's name may hold only ASCII letters, digits, '-', '_' and '.', since it names the report's directory; got 'a b'"),
        ("dir/.hidden.yaml", ".hidden", "a scenario's name must not start with '.'"),
        ("dir/...yaml", "..", "a scenario's name must not start with '.'"),
        ("dir/ü.yaml", "ü", "a scenario's name may hold only ASCII letters, digits, '-', '_' and '.', since it names the report's directory; got 'ü'"),
        ("dir/" + String(repeating: "n", count: 101) + ".yaml", String(repeating: "n", count: 101), "a scenario's name has at most 100 characters"),
    ])
    func aFileNameThatCannotNameTheReportIsRefusedWithAHint(file: String, name: String, problem: String) {
        #expect(Self.error(file: file)
            == "\(file):1:1: error: this file has no 'name:', so its name is its file name without the extension, '\(name.excerpt)', and \(problem); add a 'name:' key")
    }

    @Test func aNameKeyStandsInForABadFileName() throws {
        #expect(Self.error(file: "dir/a b.yaml") != nil)
        let scenario = try ScenarioLoader.parse("name: ab\n" + Self.text, file: "dir/a b.yaml")
        #expect(scenario.name == "ab")
    }

    @Test(arguments: ["dir/plain.yaml", "a-b_c.1.yaml", "x.yml", "noextension"])
    func anOrdinaryFileNameIsTheDefaultName(file: String) throws {
        let scenario = try ScenarioLoader.parse(Self.text, file: file)
        #expect(scenario.name == ((file as NSString).lastPathComponent as NSString).deletingPathExtension)
    }
}
