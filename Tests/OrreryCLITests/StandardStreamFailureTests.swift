import Foundation
import Testing

/// A standard stream that cannot take the bytes — closed (`2>&-`), a full device (`/dev/full`) —
/// never crashes the command (Foundation's `FileHandle.write(_:)` trapped: exit 132): a lost
/// message on stderr leaves the exit code as it was; lost output on stdout is exit 2, said on
/// stderr.
struct StandardStreamFailureTests {
    /// Runs `orrery` through `sh -c` with `redirections`; returns its exit code, as the shell
    /// prints it on the last line of stdout, and the shell's stderr.
    static func run(_ arguments: String, _ redirections: String, in dir: URL) throws -> (status: String, standardError: String) {
        let outcome = try OrreryProcess.run(["-c", "\"$0\" \(arguments) \(redirections); echo $?", OrreryProcess.executable.path],
                                            in: dir, program: URL(fileURLWithPath: "/bin/sh"))
        return (outcome.standardOutput.split(separator: "\n").last.map(String.init) ?? "", outcome.standardError)
    }

    static func folder() throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        try "name: bad\nrun: {requests: 2}\nservers: [{name: s, count: 1, slots: 0}]\nworkload: {type: closed_loop, users: 1}\n"
            .write(to: dir.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        try """
            name: failing
            run: {requests: 2}
            servers: [{name: s, count: 1}]
            workload: {type: closed_loop, users: 1}
            expect: [completed == 3]

            """.write(to: dir.appendingPathComponent("failing.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test(arguments: [
        ("validate bad.yaml", "2>/dev/full", "2"),
        ("validate bad.yaml", "2>&-", "2"),
        ("run bad.yaml --out out", "2>&-", "2"),
        ("run failing.yaml --out out", "2>/dev/full", "1"),
        ("run failing.yaml --seed x --out out", "2>/dev/full", "2"),
    ])
    func aMessageStderrCannotTakeLeavesTheExitCode(arguments: String, redirections: String, status: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try Self.run(arguments, redirections, in: dir)
        #expect(outcome.status == status, "\(outcome.standardError)")
    }

    @Test(arguments: ["schema", "validate failing.yaml", "run failing.yaml --set 'expect=[]' --out out"])
    func outputStdoutCannotTakeIsExit2(arguments: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try Self.run(arguments, ">/dev/full", in: dir)
        #expect(outcome.status == "2")
        #expect(outcome.standardError == "error: standard output could not be written (No space left on device)\n")
    }

    /// `orrery … | head -1`: a pipe whose reader has gone killed the command by SIGPIPE (exit
    /// 141, nothing said, a trace's temporaries left behind); it is an output that cannot be
    /// written, as `>/dev/full` is.
    @Test(arguments: ["schema", "run failing.yaml --set 'expect=[]' --out out --trace /dev/stdout"])
    func aPipeWithoutReaderIsExit2(arguments: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" \(arguments)", OrreryProcess.executable.path]
        process.currentDirectoryURL = dir
        process.standardOutput = pipe.fileHandleForWriting
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        try pipe.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 2, "\(message)")
        #expect(message.contains("Broken pipe"), "\(message)")
        // Nothing half-written, no temporary left.
        let left = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String }.filter { $0.contains(".orrery-") } ?? []
        #expect(left.isEmpty)
    }
}
