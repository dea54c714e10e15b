/// A world file that an experiment derives its worlds from (the strategy, zone, deployment and
/// keepalive comparisons, the claims): the world as loaded, and where its sections are written,
/// so that what the experiment asks of it beyond a world's rules — two servers, a `deploy:`
/// section, derived worlds within budget — is refused at the section at fault, not at `1:1`.
struct ExperimentBaseFile {
    /// The world the file describes.
    var scenario: Scenario
    /// Its top-level sections.
    let sections: YAMLMapping

    /// Reads and loads the world at `path`.
    static func load(path: String) throws(ScenarioError) -> ExperimentBaseFile {
        let document = try ScenarioDocument.load(path: path)
        return ExperimentBaseFile(scenario: try ScenarioLoader.scenario(from: document), sections: try document.sections(ScenarioSchema.worldFile))
    }

    /// An error at the section that `path` (`servers`, `balancer.keepalive`) starts with, or at
    /// the top of the file when the file has no such section.
    func error(at path: String, _ kind: ScenarioError.Kind) -> ScenarioError {
        let key = String(path.prefix { $0 != "." })
        return (sections[key] ?? sections.cursor).error(kind)
    }
}
