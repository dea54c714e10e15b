import Foundation
import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// The queue's placement analysis measures the busiest broker against a random placement of
/// partitions whose copies sit on distinct brokers: Binomial(partitions, copies / brokers), not
/// A-1's Binomial(partitions × copies, 1 / brokers), which let two copies share a broker and
/// read assignment map / 3 brokers' z as 7.455 where it is 10.544.
struct QueuePlacementZScoreTests {
    typealias RandomPlacement = QueuePlacementAnalysis.RandomPlacement

    @Test func aBrokerHoldsEachPartitionWithTheCopiesShareOfTheBrokers() {
        let two = RandomPlacement(partitions: 240, copies: 2, brokers: 3)
        #expect(two.mean == 160)
        #expect(two.standardDeviation == (240.0 * (2.0 / 3) * (1 - 2.0 / 3)).squareRoot())
        #expect(NumberFormat.fixed(two.standardDeviation, decimals: 4) == "7.3030")
        #expect(NumberFormat.fixed(two.zScore(237), decimals: 3) == "10.544")
        // Three copies over five brokers: p = 3/5, 60 ± √(100 · 0.6 · 0.4).
        let three = RandomPlacement(partitions: 100, copies: 3, brokers: 5)
        #expect(three.mean == 60)
        #expect(three.standardDeviation == 24.0.squareRoot())
        #expect(NumberFormat.fixed(three.zScore(70), decimals: 3) == "2.041")
    }

    @Test func oneCopyIsAOneRequestOneServerSplit() {
        // With one copy a partition is one request: A-1's uniform split, to the last bit.
        let one = RandomPlacement(partitions: 240, copies: 1, brokers: 3)
        let split = BalanceStatistics(counts: [200, 30, 10])
        #expect(one.mean == split.uniform.mean)
        #expect(one.standardDeviation == split.uniform.standardDeviation)
        #expect(one.zScore(200) == split.maximumZScore)
    }

    @Test func asManyCopiesAsBrokersLeaveNoSpread() {
        // Every broker holds every partition: no spread, z 0; more copies than brokers are capped.
        let all = RandomPlacement(partitions: 240, copies: 3, brokers: 3)
        #expect(all.mean == 240 && all.standardDeviation == 0 && all.zScore(240) == 0)
        #expect(RandomPlacement(partitions: 240, copies: 5, brokers: 3) == all)
        #expect(RandomPlacement(partitions: 240, copies: 2, brokers: 0) == RandomPlacement(partitions: 0, copies: 1, brokers: 0))
    }

    /// The committed analysis (240 partitions × 2 copies over 3, 5 and 8 brokers), cell by cell,
    /// as placement.csv gives it; the report's prose names the cells beyond 3 from the figures.
    @Test func theCommittedAnalysisGivesEachBusiestBrokersExactZ() throws {
        let spec = try QueueExperiment.load(from: scenarioDirectory).spec
        let analysis = try QueuePlacementAnalysis(#require(spec.analysis))
        let z = analysis.cells.map { "\($0.algorithm)/\($0.brokers) \(NumberFormat.fixed($0.busiestZScore, decimals: 3))" }
        #expect(z == [
            "assignment map/3 10.544", "assignment map/5 18.183", "assignment map/8 24.597",
            "ring/3 0.959", "ring/5 1.054", "ring/8 1.043",
            "jump/3 0.548", "jump/5 0.659", "jump/8 0.447",
            "Maglev/3 2.328", "Maglev/5 2.372", "Maglev/8 2.981",
            "rendezvous/3 0.411", "rendezvous/5 2.240", "rendezvous/8 0.894",
            "bounded loads/3 0.959", "bounded loads/5 1.186", "bounded loads/8 0.894",
        ])
        let result = QueueResult(runs: [], swarm: nil, analysis: analysis, membership: [])
        let csv = result.placementCSV(analysis)
        #expect(csv.contains("\nassignment map,3,237 57 186,1.4813,10.544,"))
        #expect(csv.contains("\nMaglev,3,177 148 155,1.1063,2.328,"))
        #expect(QueueResult.randomPlacementText(analysis)
            == "In a random placement each partition's 2 copies go to distinct brokers drawn at random, so each of B brokers holds Binomial(240, 2/B) replicas (with 3 brokers, 160.0 ± 7.3); z is how many of its standard deviations the busiest broker holds above the mean.")
        #expect(QueueResult.busiestText(analysis)
            == "More than 3 standard deviations above a random placement's mean (the busiest of a few random counts is typically 1–2 above), the busiest broker is loaded by the placement, not by chance: assignment map with 3, 5 and 8 brokers (z 10.5, 18.2, 24.6).")
    }

    /// report.json carries what placement.csv does: each cell's busiest-broker z and the random
    /// placement it is measured against (it had only the counts and the moves).
    @Test func reportJSONCarriesEachCellsZAndItsRandomPlacement() throws {
        let spec = try QueueExperiment.load(from: scenarioDirectory).spec
        let analysis = try QueuePlacementAnalysis(#require(spec.analysis))
        let result = QueueResult(runs: [], swarm: nil, analysis: analysis, membership: [])
        let json = result.json(spec: spec)
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let cells = try #require(document["placementAnalysis"] as? [[String: Any]])
        #expect(cells.count == 18)
        let first = cells[0]
        #expect(first["algorithm"] as? String == "assignment map" && first["brokers"] as? Int == 3)
        #expect(first["replicasPerBroker"] as? [Int] == [237, 57, 186])
        #expect(first["randomMean"] as? Double == 160)
        #expect(first["randomStandardDeviation"] as? Double == (240.0 * (2.0 / 3) * (1 - 2.0 / 3)).squareRoot())
        // The shortest text that reads back as the same double (Foundation's reader on Linux can be an ulp off).
        #expect(json.contains("\"zBusiest\" : \(analysis.cells[0].busiestZScore)"))
        #expect(NumberFormat.fixed(try #require(first["zBusiest"] as? Double), decimals: 3) == "10.544")
    }

    @Test func withEveryBusiestBrokerWithinChanceTheProseSaysSo() throws {
        let spec = try QueueExperiment.load(from: scenarioDirectory).spec
        var setup = try #require(spec.analysis)
        setup.algorithms.removeFirst()
        let analysis = try QueuePlacementAnalysis(setup)
        #expect(QueueResult.busiestText(analysis)
            == "Every busiest broker is within 3 standard deviations of a random placement's mean: no algorithm here loads a broker more than chance would.")
    }
}
