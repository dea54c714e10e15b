/// The list of files in one backup, written as the backup's last object.
///
/// Text, one file per line: `<md5 hex> <size> <path>`, after a `orrery-backup 1` header line.
/// Paths come last on the line so they may contain spaces; they never contain a line break.
struct BackupManifest: Sendable, Equatable {
    /// One file of the backup.
    struct Entry: Sendable, Equatable {
        let path: String
        /// Quoted hex MD5, as an ETag.
        let eTag: String
        let size: Int
    }

    private static let header = "orrery-backup 1"

    /// The files, in path order.
    let entries: [Entry]

    /// The manifest of `source`.
    init(_ source: SourceDirectory) {
        entries = source.paths.compactMap { path in
            source.files[path].map { Entry(path: path, eTag: $0.eTag, size: $0.bytes.count) }
        }
    }

    /// Parses manifest bytes; nil if they are not a manifest. Split on bytes, not `Character`s:
    /// "\r\n" is one `Character`, and so is a space followed by a combining mark, so a path that
    /// begins with an accent or ends in a carriage return would not split as written.
    init?(bytes: [UInt8]) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let header = lines.first, header.elementsEqual(Self.header.utf8), lines.count >= 2, lines.last?.isEmpty == true else { return nil }
        var entries: [Entry] = []
        for line in lines.dropFirst().dropLast() {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0].count == 32, let size = Int(String(decoding: fields[1], as: UTF8.self)), size >= 0,
                  !fields[2].isEmpty else { return nil }
            entries.append(Entry(path: String(decoding: fields[2], as: UTF8.self), eTag: "\"\(String(decoding: fields[0], as: UTF8.self))\"", size: size))
        }
        self.entries = entries
    }

    /// The manifest as stored.
    var bytes: [UInt8] {
        var text = Self.header + "\n"
        for entry in entries {
            text += "\(entry.eTag.dropFirst().dropLast()) \(entry.size) \(entry.path)\n"
        }
        return Array(text.utf8)
    }
}
