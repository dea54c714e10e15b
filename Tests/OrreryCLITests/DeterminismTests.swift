import Foundation
import Testing

/// "Same seed, same digest" across separate processes — the determinism contract.
struct DeterminismTests {
    @Test func theSameSeedInTwoProcessesGivesByteIdenticalReports() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Two processes with different Hasher seeds: one fixed, one random per process, so any
        // Dictionary or Set order that leaked into behaviour would show up as a difference.
        let a = try OrreryProcess.run(["run", "scenarios/crash-and-restart.yaml", "--out", dir.appendingPathComponent("a").path, "--trace", dir.appendingPathComponent("a.jsonl").path],
                                      environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        let b = try OrreryProcess.run(["run", "scenarios/crash-and-restart.yaml", "--out", dir.appendingPathComponent("b").path, "--trace", dir.appendingPathComponent("b.jsonl").path],
                                      environment: ["SWIFT_DETERMINISTIC_HASHING": ""])
        #expect(a.status == 0, "\(a.standardError)")
        #expect(b.status == 0, "\(b.standardError)")
        #expect(a.standardOutput == b.standardOutput)
        for file in ["report.md", "report.json", "servers.csv", "summary.csv"] {
            let first = try Data(contentsOf: dir.appendingPathComponent("a/crash-and-restart/\(file)"))
            let second = try Data(contentsOf: dir.appendingPathComponent("b/crash-and-restart/\(file)"))
            #expect(first == second, "\(file) differs between processes")
            #expect(!first.isEmpty)
        }
        let traceA = try Data(contentsOf: dir.appendingPathComponent("a.jsonl"))
        let traceB = try Data(contentsOf: dir.appendingPathComponent("b.jsonl"))
        #expect(traceA == traceB)
        #expect(String(decoding: traceA, as: UTF8.self).split(separator: "\n").count > 10_000)
    }

    @Test func differentSeedsGiveDifferentDigests() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let digests = try [7, 8].map { seed in
            let outcome = try OrreryProcess.run(["run", "scenarios/crash-and-restart.yaml", "--seed", "\(seed)", "--out", dir.path, "--format", "json"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("crash-and-restart/report.json"))) as? [String: Any]
            #expect(json?["seed"] as? Int == seed)
            #expect(json?["replay"] as? String == "orrery run scenarios/crash-and-restart.yaml --seed \(seed)")
            return json?["digest"] as? String ?? ""
        }
        #expect(digests[0].count == 16)
        #expect(digests[0] != digests[1])
    }
}
