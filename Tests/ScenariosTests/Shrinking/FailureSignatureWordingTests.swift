import Testing
@testable import Scenarios

/// A shrink's failure line read "job job-1 without their exact output" for one job (C1's F9).
struct FailureSignatureWordingTests {
    @Test func oneInexactJobIsWithoutItsOutput() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(StoppedRunClaimsTests.mapReduce, file: "s.yaml"))
        let signature = try #require(FailureSignature(result))
        #expect(signature.description == "stopped early (time limit); job job-1 without its exact output")
        var two = signature
        two.inexactJobs = ["job-1", "job-2"]
        #expect(two.description == "stopped early (time limit); jobs job-1, job-2 without their exact output")
    }
}
