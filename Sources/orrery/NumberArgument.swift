import ArgumentParser
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
}
