import Testing
@testable import Scenarios
@testable import Simulator

/// Builder BP (session 80): the claims' maintenance words on a one-server deploy world read
/// "With one of 1 servers out, the other 0 can complete 0.0 requests/s", "keeps 0 of 1 servers in
/// rotation" and "here 0 servers must carry what 1 did". Said from the count.
struct ClaimsOneServerMaintenanceTests {
    static let checks: [ClaimCheck] = {
        let world = DeployOutagePastTheDeploymentTests.world.replacingOccurrences(of: "  - {name: nexus-beta, slots: 1, service_time: {exponential: 10.638ms}}\n", with: "")
        var claims = ClaimsMeasuredExplanationTests.claims
        claims.maintenance = DeployComparison.run(try! ScenarioLoader.parse(world, file: "sc-cl/deploy.yaml"), jobs: 1)
        return claims.maintenanceChecks()
    }()

    @Test func oneServerIsNotOneOfOne() throws {
        let maintenance = try #require(Self.checks.first { $0.claim.hasPrefix("No service interruption") })
        #expect(maintenance.why.hasPrefix("The deployments ran in `deploy.yaml`'s world (1 server, 6 users, 3 tries), not this file's (3 servers, 5 users, 3 tries). With its only server out, no server is left to answer, and the 6 connections wait for it to come back: "))
        #expect(maintenance.toHold == "Take one server out at a time, drained (or with retries on connection errors), and keep the remaining servers' capacity above the load — here the only server leaves none to carry it while it is out: it takes a second server.")
        let zero = try #require(Self.checks.first { $0.claim.hasPrefix("Zero-downtime") })
        #expect(zero.why.contains("A rolling update of the only server leaves none in rotation while it restarts: "))
        for check in Self.checks {
            #expect(!check.why.contains("of 1 servers") && !check.why.contains("other 0") && !check.toHold.contains("0 servers"))
        }
    }
}
