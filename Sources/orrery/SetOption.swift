import ArgumentParser
import Scenarios

/// `--set PATH=VALUE` (repeatable), declared once for every command that loads a world with some
/// of its values replaced: `run`, and `shrink`, so that a failing world's replay line
/// (`orrery run FILE --seed N --set k=v`, as a sweep prints it) shrinks with `shrink` in place of
/// `run`, read by the same rules and refused with the same words.
struct SetOption: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Replace one value of the scenario by its key path, e.g. --set balancer.strategy=least_conn or --set servers.0.count=4 (repeatable).",
        valueName: "path=value"))
    var arguments: [String] = []

    /// The overrides, in the order given; read in ``validate()`` (a transform's error quoted the
    /// whole argument, 100 KB of it), so none is dropped here.
    var overrides: [ScenarioOverride] { arguments.compactMap { try? OverrideArgument.parse($0) } }

    func validate() throws {
        for argument in arguments { _ = try OverrideArgument.parse(argument) }
    }
}
