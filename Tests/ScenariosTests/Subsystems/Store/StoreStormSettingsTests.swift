import Testing
@testable import Scenarios

/// A storm's `code` is one of the three S3 answers with 500 or 503, and a bad one is told exactly
/// those (it was told about 28 codes, and refused again for picking one of them); a rate of −0 is
/// 0, not "-0.0" in the report.
struct StoreStormSettingsTests {
    /// A file and the error it must get, as the world loader's own cases are written.
    typealias Case = WorldLoaderTests.Case

    static let cases: [Case] = [
        Case(name: "a section storm with a code S3 does not have", yaml: """
            run: {duration: 2s}
            object_store:
              storms: [{at: 0s, for: 1s, rate: 0.5, code: AccessDenied}]
            """, expected: "w.yaml:3:47: error: a storm's code names an S3 error answered with 500 or 503, one of InternalError (500), SlowDown (503), ServiceUnavailable (503); got 'AccessDenied' (at object_store.storms.[0].code)"),
        Case(name: "a section storm with a 4xx code", yaml: """
            run: {duration: 2s}
            object_store:
              storms: [{at: 0s, for: 1s, rate: 0.5, code: NoSuchKey}]
            """, expected: "w.yaml:3:47: error: a storm's code names an S3 error answered with 500 or 503, one of InternalError (500), SlowDown (503), ServiceUnavailable (503); got 'NoSuchKey' (S3 answers it with 404) (at object_store.storms.[0].code)"),
        Case(name: "a storm fault with a misspelt code", yaml: """
            run: {duration: 2s}
            object_store: {buckets: [{name: logs}]}
            faults: [{at: 0s, storm: s3, for: 1s, rate: 0.5, code: SlowDwn}]
            """, expected: "w.yaml:3:56: error: a storm's code names an S3 error answered with 500 or 503, one of InternalError (500), SlowDown (503), ServiceUnavailable (503); got 'SlowDwn'; did you mean 'SlowDown'? (at faults.[0].code)"),
    ]

    @Test(arguments: cases) func aBadStormCodeIsToldTheThreeCodesAStormTakes(_ testCase: Case) {
        #expect(WorldLoaderTests.error(testCase.yaml)?.description == testCase.expected)
    }

    @Test func aRateOfMinusZeroIsZero() throws {
        let scenario = try ScenarioLoader.parse("""
            run: {duration: 2s}
            object_store:
              storms: [{at: 0s, for: 1s, rate: -0}]
            """, file: "w.yaml")
        let rate = try #require(scenario.store?.configuration.errorStorms.first?.errorRate)
        #expect(rate == 0 && rate.sign == .plus)
        #expect(ScenarioRunner.run(scenario).faults == ["0.000 s: ServiceUnavailable storm on s3 for 1.000 s at rate 0"])
    }
}
