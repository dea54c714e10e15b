import Foundation
import Testing

/// The error an experiment gives when it loads a copy of a shipped file in `scenarios/` with
/// `old` replaced by `new` (written to a temporary file, then removed), with the copy's path
/// written as `PATH`; "" when the copy loads. It records an issue when `old` is not in the file.
func shippedFileRefusal(_ file: String, replacing old: String, with new: String,
                        load: (String) throws -> Void) throws -> String {
    let shipped = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/\(file)"), encoding: .utf8)
    #expect(shipped.contains(old), "\(file) has no '\(old)'")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("shipped-\(UInt64.random(in: 0...UInt64.max))-\(file)").path
    try shipped.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
        try load(path)
        return ""
    } catch {
        return "\(error)".replacingOccurrences(of: path, with: "PATH")
    }
}
