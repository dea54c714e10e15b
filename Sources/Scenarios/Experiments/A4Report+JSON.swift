import Reports
import Simulator

extension A4Result {
    private struct Document: Encodable {
        struct Movement: Encodable {
            var change: String, keys: Int, moved: Int, movedFraction: Double, idealFraction: Double, movedBetweenSurvivors: Int
        }
        /// `unanswered`: the run's requests that got no answer, only where some did (as A-1's).
        struct Run: Encodable { var n: Int, counts: [Int], peakToAverage: Double, coefficientOfVariation: Double, jainFairnessIndex: Double, digest: String, unanswered: Int? }
        struct Variant: Encodable {
            var label: String, placement: String
            var runs: [Run]
            var movements: [Movement]
            var reachableSlots: Int?
        }
        var schema = "orrery.a4/1"
        var seed: UInt64
        var requests: Int
        var comparisonServers: Int
        var movementBase: Int
        var variants: [Variant]
    }

    /// Every figure of the A-4 report, for other tools.
    func json(spec: PlacementExperimentSpec) -> String {
        JSONReport.encode(Document(
            seed: spec.seed, requests: spec.requests, comparisonServers: comparisonServers, movementBase: movementBase,
            variants: variants.map { variant in
                .init(label: variant.variant.label, placement: variant.variant.placement.summary,
                      runs: variant.a2.runs.map { run in
                          let s = run.result.statistics
                          return .init(n: run.servers, counts: s.counts, peakToAverage: s.peakToAverage, coefficientOfVariation: s.coefficientOfVariation,
                                       jainFairnessIndex: s.jainFairnessIndex, digest: run.result.run.digest,
                                       unanswered: run.result.run.failed > 0 ? run.result.run.failed : nil)
                      },
                      movements: [variant.added, variant.removedFirst, variant.removedLast].map {
                          .init(change: $0.change.description, keys: $0.keyCount, moved: $0.movedKeys, movedFraction: $0.movedFraction,
                                idealFraction: $0.idealFraction, movedBetweenSurvivors: $0.movedBetweenSurvivors)
                      },
                      reachableSlots: variant.a1.explanation?.reachableSlots)
            }))
    }
}
