import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// Sentences of an outside checker found its own figures did not support: A-3
/// blamed failed forwards for a full queue's losses and said "clockwise" under jump without naming
/// the placement; A-4 said no key of bounded loads moves between servers that stayed, measured
/// without its cap; `513i² + 2i + 17` had "no simple closed form modulo 512"; 7 requests were "as
/// even as chance allows".
struct PlacementProseCheckerJTests {
    static func report(_ yaml: String, _ path: String) throws -> String {
        let bundle = try parseExperiment(yaml, file: "cases/j.yaml").run(jobs: 1)
        let file = try #require(bundle.files.first { $0.path == path })
        return String(decoding: file.contents, as: UTF8.self)
    }

    static let overloaded = """
        experiment: a3
        seed: 3
        servers: 3
        server: {queue: 1, slots: 1, service_time: {constant: 50ms}}
        operations: [rep]
        failover: {rate: 500, duration: 5s, kill: Server 2, kill_at: 1s}
        """

    /// Every failed forward's retry was answered; the 2,197 losses are the replicas' full queues.
    @Test func a3NamesOverloadWhenTheRetriesWereAnswered() throws {
        let report = try Self.report(Self.overloaded, "a3/report.md")
        #expect(report.contains("| requests the balancer could not get answered |          0 |"))
        #expect(report.contains("Every failed forward's retry was answered (the balancer got an answer for every request), so the clients' losses are not failed forwards left unanswered. "
            + "Clients lost 2,197 requests: 2,197 were answered 503 by a replica whose queue was full: more traffic than the replicas serve (overload).\n"), "\(report)")
        #expect(report.contains("; 2,197 requests got no 2xx answer (timed out or answered with an error), so they are in no percentile of the answered ones"))
        #expect(!report.contains("Not every failed forward could be rescued"))
    }

    @Test func a3NamesItsPlacementAndWhereARetryGoes() throws {
        let jump = try Self.report("experiment: a3\nseed: 3\nservers: 3\nplacement: jump\noperations: [rep]\nfailover: {rate: 100, duration: 5s, kill: Server 2, kill_at: 1s}\n", "a3/report.md")
        #expect(jump.contains(" Placement: jump consistent hash (Lamping & Veach). The balancer waits 500.000 ms for a replica and retries once on the replica the placement gives the request's id rehashed, past the one already tried; clients give up after 2.000 s.\n"))
        #expect(!jump.contains("clockwise"))
        let map = try Self.report("experiment: a3\nseed: 3\nservers: 3\noperations: [rep]\nfailover: {rate: 100, duration: 5s, kill: Server 2, kill_at: 1s, retries: 2}\n", "a3/report.md")
        #expect(map.contains(" Placement: assignment map: H(i) = i² + 2i + 17, Φ(i, j) = i² + j² + 2j + 25, M = 512, K = 9, linear probing. The balancer waits 500.000 ms for a replica and retries up to 2 times on the next replicas clockwise; "))
        #expect(A3Result.retrying(2, placement: .rendezvous) == "retries up to 2 times, each on the replica the placement gives the request's id rehashed, past those already tried")
    }

    /// Key movement is measured on the static lookup: bounded loads' rows are its ring's.
    @Test func a4SaysBoundedLoadsMovementIgnoresTheCap() throws {
        let text = """
        experiment: a4
        seed: 2024
        servers: [3, 6]
        requests: 1000
        variants:
          - {name: ring, placement: {ring: {virtual_nodes: 160}}}
          - {name: bounded, placement: {bounded_loads: {epsilon: 0.25, virtual_nodes: 160}}}
        """
        let experiment = try #require(try parseExperiment(text) as? A4Experiment)
        let result = try A4Experiment.run(experiment.spec)
        #expect([result.variants[0].added, result.variants[0].removedFirst] == [result.variants[1].added, result.variants[1].removedFirst])
        let prose = result.explanations()
        #expect(prose.contains("The key movement is measured on each key's lookup with no request in flight, where the cap never binds: it is the ring's without the cap, the same as **ring**'s. "
            + "On that lookup no key moves between servers that stayed; under load the cap also passes requests to servers that stayed, which these figures do not count.\n"), "\(prose)")
        #expect(prose.components(separatedBy: "No key ever moves between servers that stayed.").count == 2)
    }

    /// 513 ≡ 1 modulo 512: the default H, with the same 87 slots. Modulo 100 (no power of two) the
    /// 64-bit wrap does not keep remainders, so nothing is reduced.
    @Test func hsCoefficientsAreReducedModuloAPowerOfTwoBeforeJudgingItsForm() throws {
        let facts = try RequestHashReachabilityTests.reachability(.polynomial(iSquared: 513, i: 2, constant: 17))
        #expect(facts.reachableSlotCount == 87)
        let square = try #require(facts.completedSquare)
        #expect(square.shift == 16 && square.constant == 16 && square.offset == 1)
        #expect(square.reducedHash == .polynomial(iSquared: 1, i: 2, constant: 17))
        let report = try Self.report("experiment: a1\nseed: 3\nservers: 3\nmap:\n  request_hash: {polynomial: {i2: 513, i: 2, c: 17}}\n", "a1/report.md")
        #expect(report.contains("H(i) = 513i² + 2i + 17 leaves the same remainders modulo 512 as H(i) = i² + 2i + 17, its coefficients reduced modulo 512 (which divides 2⁶⁴, so the 64-bit wrap keeps them). "
            + "H(i) = i² + 2i + 17 = (i + 1)² + 16, so request i lands on slot ((i + 1)² + 16) mod 512: one of the squares modulo 512, shifted by 16."), "\(report)")
        #expect(!report.contains("no simple closed form"))
        #expect(try RequestHashReachabilityTests.reachability(.polynomial(iSquared: 101, i: 2, constant: 17), slotCount: 100).completedSquare == nil)
        let hundred = try Self.report("experiment: a1\nseed: 3\nservers: 3\nmap:\n  slots: 100\n  request_hash: {polynomial: {i2: 101, i: 2, c: 17}}\n", "a1/report.md")
        #expect(hundred.contains("H(i) = 101i² + 2i + 17 is not of the form i² + b·i + c with an even b, so it has no simple closed form modulo 100; the reachable slots were counted id by id."), "\(hundred)")
    }

    /// 7 requests over 3 servers: 2.3 expected each, and only all 7 on one server stands out.
    @Test func tooFewRequestsAreNotJudgedEven() throws {
        let report = try Self.report("experiment: a1\nseed: 3\nservers: 3\nrequests: 7\n", "a1/report.md")
        #expect(report.contains("With 7 requests over 3 servers the test cannot tell an even split from an uneven one: a uniform split gives each server 2.3 requests (standard deviation 1.2), "
            + "fewer than the 5 each the normal approximation behind the z-score needs, and only a server given all 7 would stand 3 standard deviations out. Send more requests to judge the split.\n"), "\(report)")
        #expect(!report.contains("as even as chance allows"))
        #expect(BalanceStatistics(counts: [1, 1, 0]).tooFewToJudge == "With 2 requests over 3 servers the test cannot tell an even split from an uneven one: a uniform split gives each server 0.7 requests (standard deviation 0.7), "
            + "fewer than the 5 each the normal approximation behind the z-score needs, and no count a server could get would stand 3 standard deviations out. Send more requests to judge the split.")
        #expect(BalanceStatistics(counts: [5, 5, 5]).tooFewToJudge == nil)
        #expect(BalanceStatistics(counts: [5, 5, 5]).judgedVerdict == BalanceStatistics(counts: [5, 5, 5]).verdict)
        #expect(BalanceStatistics(counts: [2]).tooFewToJudge == nil)
    }
}
