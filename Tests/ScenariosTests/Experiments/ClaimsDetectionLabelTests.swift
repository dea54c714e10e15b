import Testing
@testable import Scenarios
@testable import Simulator

/// Builder BP (session 80): runs.csv labelled the detection runs of a file with max_fails 2,
/// fail_timeout 12 s and health checks every 10 s "as stated"; they are labelled with what ran.
/// The seed's own figures are quoted as it wrote them ("45 ms", not "45.000 ms").
struct ClaimsDetectionLabelTests {
    @Test func theFilesOwnDetectionRunsAreLabelledWithItsSettings() {
        let claims = ClaimsProseFiguresTests.result.claims003
        let own = "the file's settings: max_fails 2, fail_timeout 12.000 s, forward_timeout 4.000 s and health checks every 10.000 s"
        #expect(claims.detections.map(\.label) == [own, own, "health checks every 1 s, timeout 0.5 s, fall 3"])
        #expect(claims.detections.map(\.fileSettings) == [true, true, false])
        let study = ClaimsSeedStudy(seed003Seeds: [], seed004Seeds: [], seed003: [], seed004: [])
        let runs = ClaimsResult(seed003: claims, seed004: ClaimsProseFiguresTests.result.claims004, seedStudy: study).runsCSV()
        #expect(runs.contains("\n003,\"detection: host down (no answer), the file's settings: max_fails 2, fail_timeout 12.000 s, forward_timeout 4.000 s and health checks every 10.000 s\","))
        #expect(runs.contains("\n003,\"detection: process killed (connection refused), the file's settings: max_fails 2, fail_timeout 12.000 s, forward_timeout 4.000 s and health checks every 10.000 s\","))
        #expect(!runs.contains("as stated"))
        #expect(claims.detectionChart().xAxisLabel == "failure, and the parameters changed (the file's otherwise)")
    }

    @Test func theSeedsFiguresReadAsTheSeedWroteThem() {
        #expect(ClaimCheck.statedMs(0.045) == "45 ms" && ClaimCheck.statedMs(0.106) == "106 ms")
        #expect(ClaimCheck.statedS(30) == "30 s" && ClaimCheck.statedS(0.5) == "0.5 s")
    }
}
