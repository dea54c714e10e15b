/// The version of Orrery: what `orrery --version` prints, and what a sweep's manifest records so
/// that `sweep.json` says what made its worlds: a digest or a metric moves between versions, and
/// shards that two versions ran cannot make the one report an unsharded sweep writes (`orrery
/// merge` refuses them, naming both). A run's report.json does not carry it, so that the same
/// world's report (and its digest) does not move when only the version is raised.
///
/// Kept by hand (the package has no release tags yet): raise it with every release.
public enum OrreryVersion {
    /// The version, as `orrery --version` prints it and `sweep.json`'s `orreryVersion` records it.
    public static let current = "0.1.0"
}
