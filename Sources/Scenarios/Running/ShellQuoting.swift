import Foundation

/// Words of a command line quoted for a POSIX shell, so that a printed replay command can be
/// pasted as it is: a word of only safe characters stays bare, any other is single-quoted.
enum ShellQuoting {
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=,:@%+")

    static func quote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
