/// Where a report's links point once its Markdown is shown on a page in another folder.
///
/// A report links to its own files by paths relative to its folder (`timeline.csv`,
/// `nightly-logs/timeline.svg`); on `index.html` one folder up they need that folder in front
/// (`seed-000-platform/timeline.csv`). Links stay relative, so the page and its folder can be
/// moved or served from anywhere together.
public struct LinkResolver: Sendable, Equatable {
    /// The path from the page's folder to the report's folder, ending in `/`; "" when they are
    /// the same folder.
    public var base: String
    /// Put before the target of a `#fragment` link, matching the prefix of the report's heading
    /// ids on the page.
    public var fragmentPrefix: String

    /// The URL schemes a link may use; any other (`javascript:`, `data:`, `file:`) turns the
    /// link into plain text.
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// A resolver that puts `base` in front of relative paths and `fragmentPrefix` in front of
    /// fragments.
    public init(base: String = "", fragmentPrefix: String = "") {
        self.base = base
        self.fragmentPrefix = fragmentPrefix
    }

    /// `destination` as the page should link it, or nil when it should not be a link at all
    /// (empty, or an unsafe scheme).
    public func resolve(_ destination: String) -> String? {
        guard !destination.isEmpty else { return nil }
        if destination.hasPrefix("#") {
            return "#" + fragmentPrefix + destination.dropFirst()
        }
        if let scheme = Self.scheme(of: destination) {
            return Self.allowedSchemes.contains(scheme.lowercased()) ? destination : nil
        }
        if destination.hasPrefix("/") { return destination }
        return base + destination
    }

    /// Whether `source` names a file beside the page rather than something on the network (a
    /// scheme, or `//host/…`): the page loads nothing from the network, so such an image is
    /// shown as a link to it instead.
    static func isLocal(_ source: String) -> Bool {
        scheme(of: source) == nil && !source.hasPrefix("//")
    }

    /// The scheme of an absolute URL (`https` in `https://…`), or nil for a relative one.
    static func scheme(of destination: String) -> String? {
        guard let colon = destination.firstIndex(of: ":") else { return nil }
        let scheme = destination[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }) else { return nil }
        return String(scheme)
    }

    /// `path` as a URL path: every byte other than ASCII letters, digits, `-`, `.`, `_`, `~` and
    /// `/` percent-encoded, so that any file name links correctly.
    public static func percentEncoded(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, Character(scalar).isLetter || Character(scalar).isNumber || "-._~/".unicodeScalars.contains(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                encoded += "%" + scalar.hexadecimal(digits: 2)
            }
        }
        return encoded
    }
}
