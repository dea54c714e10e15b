import Foundation

/// Runs the real `orrery` binary, built next to the test bundle, in a separate process.
struct OrreryProcess {
    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The built `orrery` executable: it sits beside the test bundle in the build directory.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("orrery")
    }

    /// The package root, where `scenarios/` lives.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `program` (the built `orrery` unless another is named) with `arguments` in `directory`,
    /// its environment this process's with `environment` laid over it.
    static func run(_ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:],
                    program: URL = executable) throws -> Outcome {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is drained while standard output is read: read one after the other, a
        // child that filled the error pipe (64 KiB) before closing its output waited for ever.
        let errData = Drained()
        let draining = DispatchGroup()
        DispatchQueue.global().async(group: draining) { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        draining.wait()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                       standardError: String(decoding: errData.data, as: UTF8.self))
    }

    /// What a background read collected; read only after its group is waited for.
    private final class Drained: @unchecked Sendable {
        var data = Data()
    }

    /// A fresh temporary directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
