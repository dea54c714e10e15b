/// The command line as the process received it: Swift's `CommandLine.arguments` repairs bytes
/// that are not UTF-8 into U+FFFD, so `orrery validate $'a\x9bb.yaml'` read a file that does not
/// exist ("no such file") and `--out $'r/a\x9b.html'` wrote another path than the one given.
/// Orrery reads every path and value as UTF-8 text; an argument that is not is refused whole.
enum ArgumentEncoding {
    /// The 1-based position of the first argument after the program's name that is not valid
    /// UTF-8, or nil when every one is.
    static func firstInvalidArgument() -> Int? {
        for position in 1..<Int(CommandLine.argc) {
            guard let bytes = CommandLine.unsafeArgv[position] else { continue }
            if String(validatingCString: bytes) == nil { return position }
        }
        return nil
    }
}
