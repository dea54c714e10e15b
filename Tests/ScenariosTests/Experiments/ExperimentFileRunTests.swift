import Foundation
import Testing
@testable import Scenarios

/// `orrery run` of an experiment file: `--seed` replaces the file's seed as a world's (it was
/// ignored without a word: seeds 1, 2 and 3 all reported the file's 2024 and its counts), and its
/// report is named by its `name:` or file name as a world's (every A-1 file wrote `a1/`, so two of
/// them could not run together and the refusal's "give one of them another name" did nothing).
struct ExperimentFileRunTests {
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
        #expect(ExperimentReport.replay(name: "a1", file: "scenarios/a1.yaml", arguments: ["--seed", "3"]) == "`orrery run scenarios/a1.yaml --seed 3`")
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

    /// `--set` changes an experiment file as a world's; its replay line dropped it (`orrery
    /// experiment a1` for a run of 100 requests replayed 10,000).
    @Test func theSetOptionsAreReplayed() throws {
        let overrides = [ScenarioOverride(path: "requests", value: "100")]
        let file = try ScenarioFile.load(ScenarioDocument.parse(bytes: Array(Self.a1.utf8), file: "scenarios/a1.yaml"), overrides: overrides, option: "--set")
        let outcome = try file.run(seed: 3, overrides: overrides)
        #expect(outcome.replay == "orrery run scenarios/a1.yaml --seed 3 --set requests=100")
        let report = try Self.report(outcome, folder: "a1")
        #expect(report.contains("# A-1: how 100 requests spread over 3 replicas\n"))
        #expect(report.contains("- replay: `orrery run scenarios/a1.yaml --seed 3 --set requests=100`\n"))
        let unseeded = try file.run(overrides: overrides)
        #expect(unseeded.replay == "orrery run scenarios/a1.yaml --set requests=100")
    }

    /// Quadratic probing that finds no free slot for a virtual server is refused at load, at the
    /// map (it passed `validate` and stopped the run with no position).
    @Test func aMapQuadraticProbingCannotFillIsRefusedAtLoad() {
        let yaml = "experiment: a1\nservers: 3\nrequests: 10\nmap: {slots: 27, virtual_servers: 9, probing: quadratic}\n"
        #expect(throws: ScenarioError.self) { try Self.load(yaml, file: "q.yaml") }
        do { _ = try Self.load(yaml, file: "q.yaml") } catch {
            #expect("\(error)".hasPrefix("q.yaml:4:6: error: quadratic probing cannot place 3 servers: no free slot for virtual server 6 of server 3: 27 probes from home slot 1 found none"))
        }
        // Too many servers for the default map: at `servers`, not at the file's first line.
        do { _ = try Self.load("experiment: a1\nservers: 1000\n", file: "n.yaml") } catch {
            #expect("\(error)".hasPrefix("n.yaml:2:10: error: 1,000 servers × 9 virtual servers do not fit in 512 slots"))
        }
    }
}
