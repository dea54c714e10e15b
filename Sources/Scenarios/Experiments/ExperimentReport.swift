import Reports
import Foundation

/// What every experiment report opens with: the experiment, its seed, and the command that
/// replays it, so any figure in `results/` can be reproduced.
enum ExperimentReport {
    static func header(title: String, spec: some ExperimentIdentity, digest: String) -> String {
        var out = "# \(title)\n\n"
        out += "- seed: `\(spec.seed)`\n"
        out += "- replay: `orrery experiment \(spec.name)` (reads `\(spec.file)`)\n"
        out += "- digest: `\(digest)`\n"
        if !spec.summary.isEmpty { out += "- setup: \(spec.summary)\n" }
        return out + "\n"
    }

}
