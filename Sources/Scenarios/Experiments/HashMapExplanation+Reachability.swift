import Reports
import Simulator

// Section (b): how many slots the ids reach and why, stated only as far as the computed facts go.
extension HashMapExplanation {
    /// (b) The reachable slots: how many, the completed square when `H` has one, the residue
    /// classes they avoid, and how unevenly the ids spread over them.
    var reachabilitySection: String {
        let slotCount = configuration.slotCount
        let reached = histogram.reachableSlots.count
        var paragraphs = [
            "The \(NumberFormat.integer(histogram.requestCount)) ids land on "
                + (reached == slotCount
                    ? "every one of the \(slotCount) slots."
                    : "only \(reached) of the \(slotCount) slots (\(percent(reached, of: slotCount))); "
                        + "a server is sent requests only from these.")
        ]
        if let square = reachability.completedSquare {
            paragraphs.append(completedSquareParagraph(square))
        } else {
            paragraphs.append(noClosedFormParagraph)
        }
        if let residues = residueParagraph {
            paragraphs.append(residues)
        }
        paragraphs.append(weightParagraph)
        return paragraphs.joined(separator: "\n\n") + "\n"
    }

    /// Rewrites `H` as a shifted square and says what that leaves reachable.
    private func completedSquareParagraph(_ square: RequestHashReachability.CompletedSquare) -> String {
        let slotCount = configuration.slotCount
        let base = square.offset == 0 ? "i" : "i + \(square.offset)"
        let squared = square.offset == 0 ? "i²" : "(\(base))²"
        let constant = square.constant == 0
            ? ""
            : square.constant < 0 ? " − \(-square.constant)" : " + \(square.constant)"
        let shifted = squared + constant
        // With no offset H already reads as a shifted square, and rewriting it would repeat it.
        let rewritten = square.offset == 0 ? "" : " = \(shifted)"
        let slot = constant.isEmpty ? "\(shifted) mod \(slotCount)" : "(\(shifted)) mod \(slotCount)"
        let shiftWords = Int128(square.shift) == square.constant
            ? "shifted by \(square.shift)"
            : "shifted by \(square.shift) (that is, \(Self.signed(square.constant)) modulo \(slotCount))"
        // Reduced coefficients are named first: the identity below holds for them, not for H as written.
        var text = ""
        var hash = configuration.requestHash
        if let reduced = square.reducedHash {
            text += "\(configuration.requestHash) leaves the same remainders modulo \(slotCount) as \(reduced), its coefficients "
                + "reduced modulo \(slotCount) (which divides 2⁶⁴, so the 64-bit wrap keeps them). "
            hash = reduced
        }
        text += "\(hash)\(rewritten), so request i lands on slot \(slot): one of "
            + "the squares modulo \(slotCount), \(shiftWords). Only "
            + "\(square.squareCount) of the \(slotCount) residues are squares modulo \(slotCount): x² and "
            + "(\(slotCount) − x)² always coincide"
        if slotCount % 4 == 0 {
            text += ", and because 4 divides \(slotCount) so do x² and (x + \(slotCount / 2))²"
        }
        text += ". "
        if square.reachesEveryShiftedSquare {
            text += "The ids cover every residue of \(base) modulo \(slotCount), so requests reach exactly "
                + "these \(square.squareCount) slots and no other."
        } else {
            text += "The ids reach \(reachability.reachableSlotCount) of these \(square.squareCount) slots "
                + "and no other."
        }
        return text
    }

    /// Says why there is no closed form, naming the kind of `H`.
    private var noClosedFormParagraph: String {
        switch configuration.requestHash {
        case .polynomial where RequestHashReachability.CompletedSquare.squareForm(configuration.requestHash, slotCount: configuration.slotCount) != nil:
            return "\(configuration.requestHash) is a square shifted by a constant, but it is evaluated in "
                + "wrapping 64-bit arithmetic, and for these ids the wrapped values are not shifted squares "
                + "modulo \(configuration.slotCount); the reachable slots were counted id by id."
        case .polynomial:
            // Modulo a power of two the coefficients were reduced too (`squareForm`); elsewhere the
            // 64-bit wrap does not keep remainders, so only the form as written counts.
            let slots = configuration.slotCount
            let reduced = slots > 1 && slots & (slots - 1) == 0 ? ", even with its coefficients reduced modulo \(slots)," : ","
            return "\(configuration.requestHash) is not of the form i² + b·i + c with an even b\(reduced) so it has "
                + "no simple closed form modulo \(slots); the reachable slots were counted id by id."
        case .murmur3, .fnv1a:
            return "\(configuration.requestHash) is a general-purpose hash with no algebraic structure "
                + "modulo \(configuration.slotCount); the reachable slots were counted id by id."
        }
    }

    /// The residue classes the reachable slots avoid, or that they avoid none; `nil` when `M` has
    /// no small divisor to check.
    private var residueParagraph: String? {
        let checked = reachability.residueClasses
        guard !checked.isEmpty else { return nil }
        let restricted = checked.filter(\.isRestricted)
        let free = checked.filter { !$0.isRestricted }.map { String($0.modulus) }
        guard !restricted.isEmpty else {
            return "The reachable slots fall in every residue class modulo \(Self.list(free)), so no parity "
                + "or residue pattern limits them."
        }
        let patterns = restricted.map { classes -> String in
            let reached = Self.list(classes.reached.map(String.init))
            if classes.modulus == 2 {
                let parity = classes.reached == [0] ? "even" : "odd"
                return "modulo 2 only class \(reached) (every reachable slot is \(parity))"
            }
            return "modulo \(classes.modulus) only classes \(reached) (\(classes.reached.count) of \(classes.modulus))"
        }
        var text = "Whole residue classes are never reached: \(patterns.joined(separator: "; "))."
        if !free.isEmpty {
            text += " Every class modulo \(Self.list(free)) is reached."
        }
        return text
    }

    /// How unevenly the ids spread over the reachable slots.
    private var weightParagraph: String {
        let weights = histogram.requestsPerSlot
        let reachable = histogram.reachableSlots
        // Ties go to the lowest slot, so the sentence is the same on every run.
        let busiest = reachable.max { weights[$0] < weights[$1] || (weights[$0] == weights[$1] && $0 > $1) }!
        let quietest = reachable.min { weights[$0] < weights[$1] || (weights[$0] == weights[$1] && $0 < $1) }!
        let even = Double(histogram.requestCount) / Double(reachable.count)
        guard weights[busiest] != weights[quietest] else {
            return "Every reachable slot receives the same number of ids, "
                + "\(NumberFormat.integer(weights[busiest]))."
        }
        return "The ids per reachable slot range from \(NumberFormat.integer(weights[quietest])) "
            + "(slot \(quietest), \(percent(weights[quietest], of: histogram.requestCount))) to "
            + "\(NumberFormat.integer(weights[busiest])) (slot \(busiest), "
            + "\(percent(weights[busiest], of: histogram.requestCount))), against "
            + "\(NumberFormat.fixed(even, decimals: 1, grouping: true)) each if they spread evenly over the "
            + "\(reachable.count) reachable slots."
    }

    /// An integer with a real minus sign, as the formulas above print it: `−24`, `16`.
    static func signed(_ value: Int128) -> String {
        value < 0 ? "−\(-value)" : "\(value)"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
