/// A bucket's versioning status, as S3 reports it.
///
/// `unversioned` is the state of a new bucket only: once versioning has been enabled it can be
/// suspended but never switched off again.
public enum VersioningState: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Never versioned: every object has the single version id "null" and none is reported.
    case unversioned = "Unversioned"
    /// Every write creates a new version with a fresh id.
    case enabled = "Enabled"
    /// Writes replace the "null" version; older versions are kept.
    case suspended = "Suspended"
}
