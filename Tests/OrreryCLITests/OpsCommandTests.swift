import Foundation
import Testing

/// `orrery ops`: an operation scenario's answers as JSON lines, or a positioned error and nothing written.
struct OpsCommandTests {
    static let goodFile = """
        name: demo
        operations:
          - create_bucket: photos
          - put_bucket_versioning: {bucket: photos, status: Enabled}
          - put: {bucket: photos, key: a.txt, body: hello, as: v1}
          - delete: {bucket: photos, key: a.txt}
          - get: {bucket: photos, key: a.txt, version_id: $v1, range: bytes=1-3}
          - list: {bucket: photos}
          - delete_bucket: photos

        """

    @Test func aGoodFileWritesOneJSONLinePerOperationAndASummary() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.goodFile.write(to: dir.appendingPathComponent("ops.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["ops", "ops.yaml", "--out", "out"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "demo: 7 operations; wrote out/demo/results.jsonl, out/demo/summary.md\n")
        let lines = try String(contentsOf: dir.appendingPathComponent("out/demo/results.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines[0] == #"{"index":1,"line":3,"op":"create_bucket","status":200}"#)
        #expect(lines[1] == #"{"index":2,"line":4,"op":"put_bucket_versioning","status":200}"#)
        // hashlib.md5(b'hello') and hashlib.md5(b'ell'); the version ids are 32 hex digits.
        let versionId = try #require(lines[2].firstMatch(of: /"versionId":"([0-9a-f]{32})"/)?.1)
        #expect(lines[2] == #"{"eTag":"\"5d41402abc4b2a76b9719d911017c592\"","index":3,"line":5,"op":"put","status":200,"versionId":"\#(versionId)"}"#)
        #expect(lines[3].hasPrefix(#"{"deleteMarker":true,"index":4,"line":6,"op":"delete","status":204,"versionId":""#))
        #expect(lines[4] == #"{"bodyMD5":"3123059c1c816471780539f6b6b738dc","contentLength":3,"contentRange":"bytes 1-3/5","eTag":"\"5d41402abc4b2a76b9719d911017c592\"","index":5,"line":7,"op":"get","status":206,"storageClass":"STANDARD","versionId":"\#(versionId)"}"#)
        #expect(lines[5] == #"{"commonPrefixes":[],"index":6,"isTruncated":false,"keys":[],"line":8,"op":"list","status":200}"#)
        #expect(lines[6] == #"{"errorCode":"BucketNotEmpty","index":7,"line":9,"op":"delete_bucket","status":409}"#)
        let summary = try String(contentsOf: dir.appendingPathComponent("out/demo/summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("# Operation scenario `demo`\n\n- seed: `1`\n- replay: `orrery ops ops.yaml`\n- operations answered: 7 (6 with 2xx, 1 with an error status)"))
    }

    @Test func aBadFileExitsTwoWithItsPositionAndWritesNothing() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "operations:\n  - create_bucket: photos\n  - put: {bucket: photos, key: k, bdy: x}\n"
            .write(to: dir.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["ops", "bad.yaml", "--out", "out"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "bad.yaml:3:35: error: unknown key 'bdy'; did you mean 'body'? (at operations.[1].put)\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func aReferenceToAMissingResultExitsOneAtItsStepAndKeepsTheAnswersBeforeIt() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "operations:\n  - create_bucket: photos\n  - get: {bucket: photos, key: k, as: g}\n  - get: {bucket: photos, key: k, version_id: $g}\n"
            .write(to: dir.appendingPathComponent("ref.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["ops", "ref.yaml", "--out", "out"], in: dir)
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "ref.yaml:4:5: error: operation 3 (get): $g has no version id: operation 2 answered 404\nseed 1; replay: orrery ops ref.yaml\n")
        let results = try String(contentsOf: dir.appendingPathComponent("out/ref/results.jsonl"), encoding: .utf8)
        #expect(results.split(separator: "\n").map { $0.contains("\"status\":200") || $0.contains("\"status\":404") } == [true, true])
        #expect(results.split(separator: "\n").count == 2)
        // `orrery run` says it the same way (it printed the failure's Swift value, answers and all).
        let run = try OrreryProcess.run(["run", "ref.yaml", "--out", "run"], in: dir)
        #expect(run.status == 1)
        #expect(run.standardError.contains("\n  ref.yaml:4:5: error: operation 3 (get): $g has no version id: operation 2 answered 404\n"), "\(run.standardError)")
        #expect(!run.standardError.contains("OperationStepFailure"))
    }

    @Test func theCommittedExampleRunsEveryOperationAndTheSameInEveryProcess() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (out, hashing) in [("a", "1"), ("b", "0")] {
            let outcome = try OrreryProcess.run(["ops", "scenarios/s3-operations.yaml", "--out", dir.appendingPathComponent(out).path],
                                                environment: ["SWIFT_DETERMINISTIC_HASHING": hashing])
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        let results = try String(contentsOf: dir.appendingPathComponent("a/s3-operations/results.jsonl"), encoding: .utf8)
        #expect(results == (try String(contentsOf: dir.appendingPathComponent("b/s3-operations/results.jsonl"), encoding: .utf8)))
        let lines = results.split(separator: "\n")
        #expect(lines.count == 48)
        #expect(lines.contains { $0.contains(#""eTag":"\"dec839d5b24701d958d701f913898d2b-2\"""#) })
    }
}
