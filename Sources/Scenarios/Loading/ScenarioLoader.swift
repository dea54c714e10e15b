import Foundation
import Simulator
import Yams

/// Reads scenario files strictly: every unknown key, wrong type or impossible value is an error
/// naming the file, line and column, and nothing is run until the whole file is valid.
public enum ScenarioLoader {
    /// The top-level keys of a scenario file, in the order the documentation lists them.
    static let topLevelKeys = ["version", "name", "description", "seed", "run", "network", "servers", "balancer", "workload", "faults", "chaos", "expect"]

    /// Loads the scenario at `path`.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ScenarioError(file: path, line: 0, column: 0, path: "", kind: .unreadable(FileManager.default.fileExists(atPath: path) ? "not valid UTF-8 or not readable" : "no such file"))
        }
        return try parse(text, file: path)
    }

    /// Parses scenario `text`, reporting positions against `file`.
    public static func parse(_ text: String, file: String) throws(ScenarioError) -> Scenario {
        let root = try compose(text, file: file)
        let top = try root.mapping(allowed: topLevelKeys)
        if let version = top["version"], try version.int() != 1 {
            throw version.error(.invalidValue("unsupported scenario version \(version.text ?? ""); this Orrery reads version 1"))
        }
        let defaultName = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let name = try top["name"]?.string() ?? defaultName
        let seed = try top["seed"].map { cursor throws(ScenarioError) in try UInt64(cursor.int(atLeast: 0)) } ?? 1
        let limits = try parseLimits(top["run"], at: top.cursor)
        let (defaultLink, links) = try parseNetwork(top["network"])
        let servers = try parseServers(try top.required("servers"))
        let balancer = try top["balancer"].map { cursor throws(ScenarioError) in try parseBalancer(cursor, servers: servers) }
        try validateBalancedServers(servers, balancer: balancer, at: top)
        let workload = try parseWorkload(try top.required("workload"), limits: limits)
        let nodeNames = servers.map(\.id) + (balancer == nil ? [] : [NodeID("balancer")])
        let faults = FaultSchedule(
            entries: try top["faults"].map { cursor throws(ScenarioError) in try parseFaults(cursor, nodes: nodeNames) } ?? [],
            chaos: try top["chaos"].map { cursor throws(ScenarioError) in try parseChaos(cursor, nodes: nodeNames) })
        for link in links {
            for (id, cursorPath) in [(link.from, "from"), (link.to, "to")] where !nodeNames.contains(id) && !id.name.hasPrefix("client") {
                throw top.cursor.error(.invalidValue("network.links names unknown node '\(id)' in '\(cursorPath)'"))
            }
        }
        let expectations = try top["expect"].map { cursor throws(ScenarioError) in try parseExpectations(cursor) } ?? []
        return Scenario(
            name: name, summary: try top["description"]?.string() ?? "", file: file, seed: seed, limits: limits,
            defaultLink: defaultLink, links: links, servers: servers, balancer: balancer, workload: workload, faults: faults,
            expectations: expectations)
    }

    /// Composes the YAML document, turning Yams' errors into positioned scenario errors.
    static func compose(_ text: String, file: String) throws(ScenarioError) -> YAMLCursor {
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ScenarioError(file: file, line: 1, column: 1, path: "", kind: .invalidValue("the scenario file is empty"))
            }
            return YAMLCursor(node: node, file: file, path: "")
        } catch let error as ScenarioError {
            throw error
        } catch let error as YamlError {
            throw ScenarioError(yaml: error, file: file)
        } catch {
            throw ScenarioError(file: file, line: 0, column: 0, path: "", kind: .syntax("\(error)"))
        }
    }
}

extension ScenarioError {
    /// A syntax error at the position libyaml reported.
    init(yaml error: YamlError, file: String) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text) " } ?? ""
            self.init(file: file, line: mark.line, column: mark.column, path: "", kind: .syntax(detail + problem))
        default:
            self.init(file: file, line: 0, column: 0, path: "", kind: .syntax("\(error)"))
        }
    }
}
