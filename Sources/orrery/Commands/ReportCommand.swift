import ArgumentParser
import Foundation
import Reports
import Scenarios

/// `orrery report DIR`: one self-contained HTML page for a results folder.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one HTML page showing every report in a results folder.",
        discussion: """
            Writes DIR/index.html (or --out): a table of contents with each report's verdicts, then every folder \
            holding a report.md rendered in its own section, charts inline, with links to its raw files. \
            The page needs no network and is the same bytes whenever the folder is, so it can be committed.
            """)

    @Argument(help: "A results folder: it, or folders below it, hold report.md files.") var directory: String
    @Option(help: "The page to write (default: DIR/index.html).") var out: String?

    func validate() throws {
        // `--out pages/` wrote a file named `pages`.
        var isDirectory: ObjCBool = false
        if out?.isEmpty == true { throw ValidationError("--out must name a file (got an empty path)") }
        if let out, out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw ValidationError("--out '\(out)' names a directory; give the page's file, e.g. \((out as NSString).appendingPathComponent("index.html"))")
        }
    }

    func run() throws {
        let directoryURL = URL(fileURLWithPath: directory)
        let outputPath = out ?? directoryURL.appendingPathComponent("index.html").relativePath
        let output = URL(fileURLWithPath: outputPath)
        let page: ResultsPage
        do { page = try ResultsPage(directory: directoryURL, output: output) } catch {
            throw Self.refusal(error)
        }
        // Checked before anything is written: a path the system cannot take made its directories
        // and then failed; a report of the folder named as the page was replaced by it.
        var problem = OutputPaths.problem(file: outputPath, option: "--out")
        if OutputPaths.reportFiles.contains(output.lastPathComponent), FileIdentity.isInside(outputPath, directory) {
            problem = "--out '\(outputPath)' is a report of the folder the page shows; name the page otherwise, e.g. index.html"
        } else if let input = Self.shownFile(at: outputPath, in: directoryURL) {
            problem = "--out '\(outputPath)' would overwrite the input file '\(input)', a file the page shows; name the page otherwise, e.g. index.html"
        }
        do {
            if let problem { throw ValidationError(problem) }
            try AtomicFileWriter.write(page.html, to: output)
            ProgressDisplay.standardOutput("wrote \(outputPath): \(NumberFormat.counted(page.reportCount, "report"))")
            // After the page is written: a file it could not read is noted on it, not refused.
            // A warning is one line: a line feed in a folder's name is escaped with the rest.
            for warning in page.warnings { FileHandleOutput.standardError("warning: " + TerminalText.escaped(warning)) }
        } catch {
            throw Self.refusal(error)
        }
    }

    /// Writes `error` on stderr as one line; returns the exit of bad input. Its message may name a
    /// folder the walk found below DIR, not one of the command line that
    /// ``TerminalText/visible(_:quoting:)`` knows to escape whole: a folder `$'x\nPASS y'` whose
    /// `report.md` is a directory wrote `PASS y/report.md: it is a directory` as a line of its own.
    private static func refusal(_ error: any Error) -> ExitCode {
        FileHandleOutput.standardError("error: " + TerminalText.escaped("\(error)"))
        return ExitCode(ExitStatus.badInput.rawValue)
    }

    /// The file of `folder` that `path` is (by device and inode, links followed), when it is one
    /// the page reads or links to — any visible file but an earlier HTML page, which is what
    /// `--out` is meant to replace; nil when `path` is new or no such file.
    static func shownFile(at path: String, in folder: URL) -> String? {
        guard let identity = FileIdentity(path: path),
              let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return nil }
        let root = folder.standardizedFileURL.path
        for case let url as URL in walk where url.pathExtension.lowercased() != "html" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  FileIdentity(path: url.path) == identity else { continue }
            let full = url.standardizedFileURL.path
            let relative = full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : url.lastPathComponent
            return (folder.relativePath as NSString).appendingPathComponent(relative)
        }
        return nil
    }
}
