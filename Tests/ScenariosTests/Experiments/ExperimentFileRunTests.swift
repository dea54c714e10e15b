import Foundation
import Testing
@testable import Scenarios

/// `orrery run` of an experiment file: `--seed` replaces the file's seed as a world's (it was
/// ignored without a word: seeds 1, 2 and 3 all reported the file's 2024 and its counts), and its
/// report is named by its `name:` or file name as a world's (every A-1 file wrote `a1/`, so two of
/// them could not run together and the refusal's "give one of them another name" did nothing).
@Suite struct ExperimentFileRunTests {
    static let a1 = "experiment: a1\nseed: 2024\nservers: 3\nrequests: 1000\n"

    static func load(_ yaml: String, file: String) throws -> ScenarioFile {
        try ScenarioFile.load(bytes: Array(yaml.utf8), file: file)
    }

    static func report(_ outcome: RunOutcome, folder: String) throws -> String {
        let file = try #require(outcome.bundle.files.first { $0.path == "\(folder)/report.md" })
        return String(decoding: file.contents, as: UTF8.self)
    }

    /// The A-1 counts table's rows (`| Server 1 | 849 | …`), which the seed decides.
    static func countRows(_ report: String) -> [String] {
        report.split(separator: "\n").filter { $0.hasPrefix("| Server ") }.map(String.init)
    }

    @Test func theSeedOptionReplacesTheFilesSeedAndIsReplayed() throws {
        let file = try Self.load(Self.a1, file: "cases/a1.yaml")
        let own = try file.run()
        let seeded = try file.run(seed: 7)
        let again = try file.run(seed: 7)
        #expect(own.seed == 2024)
        #expect(seeded.seed == 7)
        #expect(seeded.replay == "orrery run cases/a1.yaml --seed 7")
        let ownReport = try Self.report(own, folder: "a1"), seededReport = try Self.report(seeded, folder: "a1")
        #expect(ownReport.contains("- seed: `2024`\n- replay: `orrery run cases/a1.yaml`\n"))
        #expect(seededReport.contains("- seed: `7`\n- replay: `orrery run cases/a1.yaml --seed 7`\n"))
        // Other request ids, other counts; the same seed twice, the same report.
        #expect(!Self.countRows(ownReport).isEmpty)
        #expect(Self.countRows(ownReport) != Self.countRows(seededReport))
        #expect(try Self.report(again, folder: "a1") == seededReport)
    }

    /// `orrery experiment a1`'s own file given its own seed replays as the file, with the seed.
    @Test func theShippedFileWithASeedIsReplayedByRunningIt() {
        #expect(ExperimentReport.replay(name: "a1", file: "scenarios/a1.yaml", seed: 3) == "`orrery run scenarios/a1.yaml --seed 3`")
        #expect(ExperimentReport.replay(name: "a1", file: "scenarios/a1.yaml") == "`orrery experiment a1` (reads `scenarios/a1.yaml`)")
    }

    @Test(arguments: [
        ("cases/a1.yaml", "", "a1"),
        ("cases/a1-small.yaml", "", "a1-small"),
        ("cases/a1-small.yaml", "name: seed-two\n", "seed-two"),
    ])
    func theReportIsNamedAsAWorldsIs(file: String, name: String, folder: String) throws {
        let scenario = try Self.load(name + Self.a1, file: file)
        #expect(scenario.name == folder)
        let outcome = try scenario.run()
        #expect(outcome.name == folder)
        #expect(!outcome.bundle.files.isEmpty)
        #expect(outcome.bundle.files.allSatisfy { $0.path.hasPrefix(folder + "/") })
        #expect(outcome.bundle.reportFolders == [folder])
    }
}
