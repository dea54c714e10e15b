/// Interned `Content-Type` strings, so each version stores a 4-byte handle instead of a `String`.
///
/// A typical simulation uses a handful of content types across millions of objects; most are
/// longer than Swift's 15-byte small-string limit and would otherwise cost a heap allocation each.
/// The table only grows: a handle must stay valid for as long as any version might use it.
struct ObjectContentTypeTable: Sendable, Equatable {
    /// Index into ``names``.
    struct Handle: Sendable, Equatable, Hashable {
        let index: UInt32
        /// S3's default content type, "binary/octet-stream", always at index 0.
        static let defaultType = Handle(index: 0)
    }

    /// The content type S3 reports for objects stored without one.
    static let defaultName = "binary/octet-stream"

    private var names: [String] = [ObjectContentTypeTable.defaultName]
    private var handles: [String: Handle] = [ObjectContentTypeTable.defaultName: .defaultType]

    /// The interned name of `handle`.
    func name(_ handle: Handle) -> String {
        names[Int(handle.index)]
    }

    /// The handle for `name` (nil means S3's default), interning it if new.
    mutating func intern(_ name: String?) -> Handle {
        guard let name else { return .defaultType }
        if let existing = handles[name] { return existing }
        let handle = Handle(index: UInt32(names.count))
        names.append(name)
        handles[name] = handle
        return handle
    }

    /// Approximate heap bytes the table occupies (for ``ObjectStoreState/approximateMetadataBytes()``).
    var approximateBytes: Int {
        names.reduce(0) { $0 + 2 * (MemoryLayout<String>.stride + max(0, $1.utf8.count - 15)) + MemoryLayout<Handle>.stride }
    }
}
