import ArgumentParser
import Foundation

/// Refuses an option that takes one value given twice (`--seed 1 --seed 2`, `--out a --out b`):
/// ArgumentParser keeps the last value without a word, so a command line built by appending to
/// a script's own options silently ran something else than it says.
///
/// Why one check of the raw arguments, before they are parsed, rather than declaring each such
/// option an array and checking its count in `validate()`: ArgumentParser has no setting that
/// refuses a repetition, and arrays would change every option's type, its help ("can be
/// repeated") and every place that reads it — and an option added later without the same care
/// would again take the last value. Here which options take one value is read from
/// ArgumentParser's own description of the command (`_dumpHelp()`, the JSON that
/// `--experimental-dump-help` prints, made from the same declarations as `--help`): an option
/// declared as an array (`--vary`, `--set`, shrink's `--expect`) is `isRepeating` and stays
/// repeatable, every other option of every command is checked, those added later too. Flags are
/// not checked: `--quiet --quiet` asks for the same thing twice.
enum RepeatedOptions {
    /// "--seed given twice; it takes one value", or nil when no single-valued option of
    /// `command` is given twice in `arguments` (those after the command's name).
    static func problem(in arguments: some Collection<String>, of command: any ParsableCommand.Type) -> String? {
        // Reading the command's description costs tens of milliseconds a process; only a name
        // written twice can be a repetition, so most command lines stop here.
        guard hasRepeatedName(arguments) else { return nil }
        guard let description = try? JSONDecoder().decode(Description.self, from: Data(command._dumpHelp().utf8)) else { return nil }
        var options: [String: Description.Argument] = [:]
        for argument in description.command.arguments ?? [] where argument.kind == "option" {
            for name in argument.names ?? [] { options[name.spelled] = argument }
        }
        var seen = Set<String>()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // After `--` every argument is a file, whatever it looks like.
            if argument == "--" { break }
            guard argument.hasPrefix("-") else { continue }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            guard let option = options[name] else { continue }
            if !option.isRepeating, !seen.insert(name).inserted {
                return "\(name) given twice; it takes one value"
            }
            // The option's value is not an option, even when it looks like one (`--seeds -1..2`).
            if !argument.contains("="), let next = remaining.first, option.parsingStrategy == "unconditional" || !next.hasPrefix("-") {
                remaining.removeFirst()
            }
        }
        return nil
    }

    /// Whether some argument that looks like an option (before `--`) is written twice, by its
    /// name before any `=`: the cheap test every command line passes through.
    private static func hasRepeatedName(_ arguments: some Collection<String>) -> Bool {
        var names = Set<Substring>()
        for argument in arguments {
            if argument == "--" { break }
            guard argument.hasPrefix("-") else { continue }
            let name = argument.split(separator: "=", maxSplits: 1).first ?? argument[...]
            if !names.insert(name).inserted { return true }
        }
        return false
    }

    /// The parts of ArgumentParser's tool description (`ToolInfoV0`) the check reads.
    private struct Description: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
            /// As typed: `--seed`, `-h`.
            var spelled: String { kind == "short" || kind == "longWithSingleDash" ? "-" + name : "--" + name }
        }
        struct Argument: Decodable {
            var kind: String
            var names: [Name]?
            var isRepeating: Bool
            var parsingStrategy: String?
        }
        struct Command: Decodable { var arguments: [Argument]? }
        var command: Command
    }
}
