import Reports
import Simulator

// The key-movement sentences of a placement's paragraph in "Why they differ".
extension A4Result {
    /// What adding a server moved against the ideal, and whether keys moved between the servers
    /// that stayed. For bounded loads, also that the figures are its ring's static lookup without
    /// the cap: movement is measured key by key with nothing in flight (``KeyMovement``), where the
    /// cap never binds, so its rows equal the plain ring's of the same points, and "No key ever
    /// moves between servers that stayed" claimed what a load-dependent placement does not keep.
    func movementSentences(_ variant: A4Result.VariantResult) -> String {
        let added = variant.added
        var text: String
        if added.movedFraction < added.idealFraction * 0.5 {
            text = "Adding a server moves only \(NumberFormat.percent(added.movedFraction, decimals: 2)) of the keys, far below the ideal \(NumberFormat.percent(added.idealFraction, decimals: 2)): not gentle rebalancing, but a new server that receives almost no load. "
        } else {
            text = "Adding a server moves \(NumberFormat.percent(added.movedFraction, decimals: 2)) of the keys against an ideal of \(NumberFormat.percent(added.idealFraction, decimals: 2)). "
        }
        let survivors = [added, variant.removedFirst, variant.removedLast].map(\.movedBetweenSurvivors).max() ?? 0
        guard case .boundedLoads(_, let points) = variant.variant.placement else {
            return text + (survivors == 0 ? "No key ever moves between servers that stayed." : "Up to \(NumberFormat.integer(survivors)) keys move between servers that stayed, which a cache in front of them would pay for as misses.")
        }
        text += "The key movement is measured on each key's lookup with no request in flight, where the cap never binds: it is the ring's without the cap"
        if let twin = variants.first(where: { if case .ring(points) = $0.variant.placement { true } else { false } }),
           [twin.added, twin.removedFirst, twin.removedLast] == [added, variant.removedFirst, variant.removedLast] {
            text += ", the same as **\(MarkdownTable.literal(twin.variant.label))**'s"
        }
        text += survivors == 0
            ? ". On that lookup no key moves between servers that stayed; under load the cap also passes requests to servers that stayed, which these figures do not count."
            : ". On that lookup up to \(NumberFormat.integer(survivors)) keys move between servers that stayed; under load the cap also passes requests to servers that stayed, which these figures do not count."
        return text
    }
}
