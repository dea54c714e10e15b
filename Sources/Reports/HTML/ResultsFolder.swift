import Foundation

/// What a results directory holds: every folder in it with a `report.md` (the directory itself
/// included), each with its report and the raw files beside it.
///
/// Everything is read up front and sorted by path, byte by byte, so that the page made from it
/// depends only on the files' contents, never on the order the file system lists them in.
struct ResultsFolder: Sendable, Equatable {
    /// One folder with a `report.md`.
    struct Report: Sendable, Equatable {
        /// The folder's path relative to the results directory, components joined by `/`;
        /// "" for the results directory itself.
        var path: String
        /// The contents of `report.md`; empty when it is over ``RegularFile/reportLimit``.
        var markdown: String
        /// What `report.json`, when there is one the page reads, says of the report's verdicts
        /// (``VerdictSummary/read(_:)``): read once, though the contents, the section and the
        /// warnings all show it.
        var verdicts: Result<VerdictSummary?, VerdictSummary.UnreadableJSON>?
        /// The size of a `report.json` over ``RegularFile/reportLimit``, left unread: a world of
        /// many virtual days writes a figure a second into it (40 days, 24 MB), and the page
        /// reads it only for its verdicts.
        var unreadJSONBytes: Int? = nil
        /// The size of a `report.md` over ``RegularFile/reportLimit``, left unread: a 20 MB
        /// hand-made table took 32 s and 470 MB to render, and refusing it refused the whole
        /// page; its section says so and links its files.
        var unreadMarkdownBytes: Int? = nil
        /// Every file of the folder and the folders below it that have no report of their own,
        /// relative to the folder, sorted; hidden files left out.
        var files: [String]

        /// The verdicts to show, when `report.json` was read and records some.
        var summary: VerdictSummary? {
            guard case .success(let summary?) = verdicts else { return nil }
            return summary
        }
    }

    /// The results directory.
    var root: URL
    /// The reports, sorted by path.
    var reports: [Report]

    /// Reads the reports under `root`, leaving `excluded` (the page being written) out of every
    /// list of files, so that writing the page again does not change it.
    ///
    /// - Throws: ``ResultsPageError`` when `root` is missing, not a directory, unreadable, or
    ///   holds no `report.md`.
    init(root: URL, excluding excluded: URL? = nil) throws(ResultsPageError) {
        let root = root.standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw .missingDirectory(root.path)
        }
        guard isDirectory.boolValue else { throw .notADirectory(root.path) }
        let excludedPath = excluded.map { Self.relativePath(of: $0.standardizedFileURL, under: root) } ?? nil
        let (files, reportFolders) = try Self.walk(root, relativePath: "")
        let listed = files.filter { $0 != excludedPath }
        self.root = root
        // Each file's owner found once, by its own folders (1,000 report folders each searching
        // every file's owner among all of them took 18 s).
        let folders = Set(reportFolders)
        var ownedBy: [String: [String]] = [:]
        for file in listed {
            if let owner = Self.owner(of: file, among: folders) { ownedBy[owner, default: []].append(file) }
        }
        reports = try reportFolders.sorted(by: Self.byteOrder).map { folder throws(ResultsPageError) in
            let owned = ownedBy[folder] ?? []
            let prefix = folder.isEmpty ? "" : folder + "/"
            let directory = folder.isEmpty ? root : root.appendingPathComponent(folder, isDirectory: true)
            let jsonURL = directory.appendingPathComponent("report.json")
            var verdicts: Result<VerdictSummary?, VerdictSummary.UnreadableJSON>?, unreadJSONBytes: Int?
            if FileManager.default.fileExists(atPath: jsonURL.path) {
                if let size = Self.sizeOverLimit(jsonURL) {
                    unreadJSONBytes = size
                } else {
                    verdicts = VerdictSummary.read(try Self.read(jsonURL, under: root))
                }
            }
            let markdownURL = directory.appendingPathComponent("report.md")
            let unreadMarkdownBytes = Self.sizeOverLimit(markdownURL)
            return Report(
                path: folder,
                markdown: unreadMarkdownBytes != nil ? "" : String(decoding: try Self.read(markdownURL, under: root), as: UTF8.self),
                verdicts: verdicts, unreadJSONBytes: unreadJSONBytes, unreadMarkdownBytes: unreadMarkdownBytes,
                files: owned.map { String($0.dropFirst(prefix.count)) }.sorted(by: Self.byteOrder))
        }
        guard !reports.isEmpty else { throw .noReports(root.path) }
    }

    /// Every file below `directory` (paths relative to the results directory) and every folder
    /// holding a `report.md`. Hidden entries are skipped; symbolic links are listed as files and
    /// never followed, so a link cannot make the walk loop.
    private static func walk(_ directory: URL, relativePath: String) throws(ResultsPageError) -> (files: [String], reports: [String]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .unreadable(directory.path, reason: error.localizedDescription)
        }
        var files: [String] = []
        var reports: [String] = names.contains("report.md") ? [relativePath] : []
        for name in names.sorted(by: byteOrder) where !name.hasPrefix(".") {
            let path = relativePath.isEmpty ? name : relativePath + "/" + name
            let url = directory.appendingPathComponent(name)
            // An entry the listing names but that cannot be looked up by that name — a name that
            // is not UTF-8, which Foundation hands back repaired, or one removed meanwhile — was
            // taken for a file, so a folder of reports went missing from the page without a word.
            guard let type = (try? FileManager.default.attributesOfItem(atPath: url.path)[.type]) as? FileAttributeType else {
                throw .unreadable(url.path, reason: "no entry has this name any more: its name may not be UTF-8, or it was removed while the page was made")
            }
            if type == .typeDirectory {
                let (innerFiles, innerReports) = try walk(url, relativePath: path)
                files += innerFiles
                reports += innerReports
            } else {
                files.append(path)
            }
        }
        return (files, reports)
    }

    /// The report folder a file belongs to: the deepest one that contains it.
    private static func owner(of file: String, among folders: Set<String>) -> String? {
        var components = file.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        while !components.isEmpty {
            let folder = components.joined(separator: "/")
            if folders.contains(folder) { return folder }
            components.removeLast()
        }
        return folders.contains("") ? "" : nil
    }

    /// `url`'s path relative to `root`, or nil when it lies outside.
    static func relativePath(of url: URL, under root: URL) -> String? {
        let rootComponents = root.pathComponents, components = url.pathComponents
        guard components.count > rootComponents.count, Array(components.prefix(rootComponents.count)) == rootComponents else {
            return nil
        }
        return components.dropFirst(rootComponents.count).joined(separator: "/")
    }

    /// Orders paths by their UTF-8 bytes: the same on every platform and in every locale.
    static func byteOrder(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// The size of the regular file at `url` when it is over ``RegularFile/reportLimit``, else
    /// nil (a file that is not regular, or missing, is left to ``read(_:under:)`` to refuse).
    private static func sizeOverLimit(_ url: URL) -> Int? {
        let target = url.resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.intValue, size > RegularFile.reportLimit else { return nil }
        return size
    }

    /// The contents of the file at `url`, a report's file: read only when it is a regular file
    /// within ``RegularFile/reportLimit`` (a FIFO or `/dev/zero` as `report.md` was refused as if
    /// permission were denied), and through a symbolic link only to a file inside `root`, as a
    /// chart is inlined only from inside it (a `report.md` linked to `/etc/hostname` was pasted
    /// into the page).
    private static func read(_ url: URL, under root: URL) throws(ResultsPageError) -> Data {
        let bytes: [UInt8]
        switch RegularFile.read(url.path, limit: RegularFile.reportLimit) {
        case .success(let read): bytes = read
        case .failure(let problem): throw .unreadable(url.path, reason: problem.description)
        }
        guard relativePath(of: url.resolvingSymlinksInPath(), under: root.resolvingSymlinksInPath()) != nil else {
            throw .unreadable(url.path, reason: "a symbolic link to a file outside the results folder")
        }
        return Data(bytes)
    }
}
