import ArgumentParser
import Reports
import Scenarios

/// Every numeric option's parser (`--seed`, `--jobs`, `--shards`, `--max-runs`,
/// `--trace-max-events`): given as the option's `transform`, so that each reads its value by the
/// one rule of ``PlainDecimal`` — ASCII digits alone — and ArgumentParser names the option and its
/// help in the refusal ("The value '+5' is invalid for '--seed <seed>': write it in the digits
/// 0-9 alone …"). Each option's range stays checked in its `validate()`, which names it.
enum NumberArgument {
    static func parse<Number: FixedWidthInteger>(_ text: String) throws -> Number {
        guard let value = PlainDecimal.parse(text, as: Number.self) else {
            throw ValidationError(PlainDecimal.problem(with: text, as: Number.self))
        }
        return value
    }

    /// The parser of an option whose values lie in `range`: digits too many for the type are
    /// refused as outside the option's range ("must be 1 … 1,024", as its `validate()` says of
    /// `0`), not the type's (`--jobs 99999999999999999999` read "outside
    /// -9223372036854775808 … 9223372036854775807").
    static func parse<Number: FixedWidthInteger & Sendable>(within range: ClosedRange<Number>) -> @Sendable (String) throws -> Number {
        { text in
            guard let value = PlainDecimal.parse(text, as: Number.self) else {
                throw ValidationError(PlainDecimal.isPlain(text, signed: Number.isSigned) && PlainDecimal.leadingZeroProblem(text) == nil
                    ? "must be \(rangeText(range))" : PlainDecimal.problem(with: text, as: Number.self))
            }
            return value
        }
    }

    /// `1 … 1,024`: a range as help texts and refusals write it.
    static func rangeText<Number: FixedWidthInteger>(_ range: ClosedRange<Number>) -> String {
        "\(NumberFormat.integer(range.lowerBound)) … \(NumberFormat.integer(range.upperBound))"
    }
}
