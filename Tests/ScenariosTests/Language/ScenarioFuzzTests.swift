import Foundation
import Testing
@testable import Scenarios

/// A seeded fuzzer over every kind of scenario file: mutants of the committed files (numbers
/// swapped for huge, tiny, negative and non-finite ones, types swapped, lines deleted and
/// duplicated, truncation, random bytes, unicode, aliases) must load or be refused with a
/// position and a short message — never crash — and the worlds among them must run to an end
/// under an event budget.
struct ScenarioFuzzTests {
    /// SplitMix64: the fuzzer's own seeded generator.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let replacements = ["0", "-1", "1e10s", "1e308", "-1e308", "9223372036854775807", "18446744073709551616", "nan", ".inf",
                               "0.0000001", "1e-300", "[]", "{}", "~", "\"\"", "true", "1e10", "100000000", "2^63", "é✓", "*alias",
                               "&a x", "{lognormal: {median: 1ms, sigma: 50}}", "{exponential: 1e9s}", "-0", "0x10", "1_000_000"]

    /// One mutant of `text`.
    static func mutate(_ text: String, using random: inout Generator) -> [UInt8] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return Array(text.utf8) }
        let index = random.below(lines.count)
        switch random.below(8) {
        case 0, 1, 2:
            // A value after a colon becomes something else.
            let line = lines[index]
            if let colon = line.firstIndex(of: ":") {
                lines[index] = String(line[...colon]) + " " + random.pick(replacements)
            }
        case 3:
            lines.remove(at: index)
        case 4:
            lines.insert(lines[index], at: index)
        case 5:
            var bytes = Array(text.utf8)
            bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
            return bytes
        case 6:
            var bytes = Array(text.utf8)
            for _ in 0..<(1 + random.below(4)) {
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: random.below(bytes.count + 1))
            }
            return bytes
        default:
            // A number anywhere on the line is scaled up.
            lines[index] = lines[index].replacingOccurrences(of: "1", with: random.pick(["1000000000", "9", "-1", "1e9"]))
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    static func sources() throws -> [(name: String, text: String)] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted().map {
            ($0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test func mutantsOfEveryScenarioKindLoadOrAreRefusedWithAPosition() throws {
        var random = Generator(state: 20_261_122)
        let sources = try Self.sources()
        var refused = 0, loaded = 0, ran = 0
        for round in 0..<2_000 {
            let source = sources[round % sources.count]
            // Mutants are read from the scenarios directory so relative input files resolve.
            let file = "scenarios/\(source.name)"
            let bytes = Self.mutate(source.text, using: &random)
            let loadedFile: ScenarioFile
            do {
                loadedFile = try ScenarioFile.load(bytes: bytes, file: file)
            } catch {
                refused += 1
                #expect(error.line > 0 && error.column > 0, "no position: \(error.description)")
                #expect(error.description.count < 600, "a long message: \(error.description.prefix(200))")
                #expect(!error.description.contains("Yams.") && !error.description.contains("Swift."), "\(error.description)")
                continue
            }
            loaded += 1
            // Every tenth world that loads is run, on a budget, to its end.
            guard round % 10 == 0, case .world(var scenario) = loadedFile else { continue }
            scenario.limits.eventLimit = min(scenario.limits.eventLimit, 100_000)
            if let workload = scenario.workload, case .closedLoop(let users, _) = workload.arrivals, users > 10_000 { continue }
            _ = ScenarioRunner.run(scenario)
            ran += 1
        }
        #expect(refused > 300 && loaded > 300 && ran > 10, "refused \(refused), loaded \(loaded), ran \(ran)")
    }
}
