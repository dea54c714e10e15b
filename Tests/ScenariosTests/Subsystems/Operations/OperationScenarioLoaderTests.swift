import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

func operationLoadError(_ text: String) -> ScenarioError? {
    do {
        _ = try ScenarioLoader.parseOperationScenario(text, file: "ops.yaml")
        return nil
    } catch {
        return error
    }
}

struct OperationScenarioLoaderTests {
    @Test func theCommittedExampleLoadsEveryStepWithItsLine() throws {
        let path = packageRoot.appendingPathComponent("scenarios/s3-operations.yaml").path
        let scenario = try ScenarioLoader.loadOperationScenario(path: path)
        #expect(scenario.name == "s3-operations")
        #expect(scenario.seed == 1)
        #expect(scenario.steps.count == 50)
        #expect(scenario.steps.first.map { [$0.name, String($0.line), String($0.column)] } == ["create_bucket", "11", "5"])
        #expect(scenario.steps.filter { $0.name == "upload_part" }.map(\.partNumber) == [1, 2])
        #expect(scenario.steps.compactMap(\.label) == ["v1", "v2", "marker", "fresh", "page1", "upload", "p1", "p2", "video"])
    }

    static let badFiles: [(name: String, yaml: String, message: String)] = [
        ("unknown operation", "operations:\n  - putt: {bucket: b, key: k, body: x}\n",
         "ops.yaml:2:5: error: unknown key 'putt'; did you mean 'put'? (at operations.[0])"),
        ("unknown bare word", "operations:\n  - list_bucket\n",
         "ops.yaml:2:5: error: unknown operation 'list_bucket'; did you mean 'list_buckets'? (at operations.[0])"),
        ("operation without fields", "operations:\n  - put\n",
         "ops.yaml:2:5: error: 'put' needs its fields, e.g. {put: …} (at operations.[0])"),
        ("reference to no earlier step", "operations:\n  - get: {bucket: b, key: k, version_id: $v1}\n  - put: {bucket: b, key: k, body: x, as: v1}\n",
         "ops.yaml:2:42: error: '$v1' refers to no earlier step (at operations.[0].get.version_id)"),
        ("label defined twice", "operations:\n  - put: {bucket: b, key: k, body: x, as: v1}\n  - put: {bucket: b, key: k, body: y, as: v1}\n",
         "ops.yaml:3:43: error: label 'v1' is already defined by operation 1 (at operations.[1].put.as)"),
        ("body and size", "operations:\n  - put: {bucket: b, key: k, body: x, size: 4}\n",
         "ops.yaml:2:10: error: give either 'body' or 'size', not both (at operations.[0].put)"),
        ("unknown field", "operations:\n  - get: {bucket: b, key: k, rang: bytes=0-1}\n",
         "ops.yaml:2:30: error: unknown key 'rang'; did you mean 'range'? (at operations.[0].get)"),
        ("misspelt versioning status", "operations:\n  - put_bucket_versioning: {bucket: b, status: Enabeld}\n",
         "ops.yaml:2:48: error: expected one of Unversioned, Enabled, Suspended, got 'Enabeld'; did you mean 'Enabled'? (at operations.[0].put_bucket_versioning.status)"),
        ("a part that is not an uploaded part", "operations:\n  - create_multipart: {bucket: b, key: k, as: up}\n  - complete_multipart: {bucket: b, key: k, upload_id: $up, parts: [$up]}\n",
         "ops.yaml:3:69: error: '$up' is not the label of an earlier upload_part (at operations.[1].complete_multipart.parts.[0])"),
        ("bad size", "operations:\n  - put: {bucket: b, key: k, size: 6XB}\n",
         "ops.yaml:2:36: error: expected a size in bytes such as 65536, 64KiB or 10MB, found '6XB' (at operations.[0].put.size)"),
        ("no operations", "name: empty\noperations: []\n",
         "ops.yaml:2:13: error: an operations section needs at least one operation (at operations)"),
        ("missing operations", "name: empty\n",
         "ops.yaml:1:1: error: an operation scenario lists 'operations:' (orrery ops runs only those); this file has none — run a world or an experiment with `orrery run`"),
        ("a world", "name: w\nrun: {requests: 1}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 1}\n",
         "ops.yaml:1:1: error: an operation scenario lists 'operations:' (orrery ops runs only those); this file has none — run a world or an experiment with `orrery run`"),
    ]

    @Test(arguments: badFiles.map(\.name))
    func aBadFileIsRefusedWithItsPosition(name: String) throws {
        let testCase = try #require(Self.badFiles.first { $0.name == name })
        #expect(operationLoadError(testCase.yaml)?.description == testCase.message)
    }

    @Test func sizesReadBinaryAndDecimalUnits() throws {
        let yaml = "operations:\n  - put: {bucket: b, key: a, size: 6MiB}\n  - put: {bucket: b, key: b, size: 5 MB}\n  - put: {bucket: b, key: c, size: 4096}\n"
        let scenario = try ScenarioLoader.parseOperationScenario(yaml, file: "ops.yaml")
        let sizes = try scenario.steps.map { step -> Int in
            guard case .request(let build) = step.action, case .putObject(_, _, let body, _, _) = try build(OperationResults()) else { return -1 }
            return body.count
        }
        #expect(sizes == [6_291_456, 5_000_000, 4_096])
    }
}
