import Foundation
import Testing
@testable import Scenarios

/// The schema of A-1 … A-4 says what each experiment runs, as the loader refuses the rest: one
/// server count and one variant where only the first would run, no `requests` in A-3 (its traffic
/// is its failover's), and K's default as the rule the map applies (it said "default 9" while
/// `slots: 128` ran K = 7).
struct PlacementExperimentSchemaRulesTests {
    /// The properties of experiment file `index` (a1 … a4 are 0 … 3 under the discriminator).
    static func properties(_ index: Int) -> [String: Any]? {
        SchemaTests.value(SchemaTests.schema, ["then", "allOf", String(index), "then", "properties"]) as? [String: Any]
    }

    @Test func eachExperimentListsTheCountsAndVariantsItRuns() {
        for (index, name, counts, variants) in [(0, "a1", 1, 1), (1, "a2", ScenarioSchema.maximumServerCounts, 1), (2, "a3", 1, 1),
                                                (3, "a4", ScenarioSchema.maximumServerCounts, ScenarioSchema.maximumVariants)] {
            let properties = Self.properties(index)
            let list = SchemaTests.value(properties as Any, ["servers", "anyOf", "1"]) as? [String: Any]
            #expect(list?["maxItems"] as? Int == counts, "\(name)")
            #expect((SchemaTests.value(properties as Any, ["variants"]) as? [String: Any])?["maxItems"] as? Int == variants, "\(name)")
        }
        #expect((SchemaTests.value(Self.properties(0) as Any, ["servers", "description"]) as? String) == "A replica count (a list of one at most: this experiment runs one count).")
        #expect((SchemaTests.value(Self.properties(1) as Any, ["servers", "description"]) as? String) == "A replica count, or a list of different ones.")
    }

    @Test func a3sRequestsAreRefusedAndTheOthersRead() {
        #expect(Self.properties(2)?["requests"] as? Bool == false)
        for index in [0, 1, 3] {
            #expect((SchemaTests.value(Self.properties(index) as Any, ["requests", "maximum"]) as? Int) == ScenarioSchema.experimentRequests.upperBound)
        }
    }

    @Test func kIsDocumentedAsTheRuleTheMapApplies() throws {
        let summary = SchemaTests.value(SchemaTests.schema, ["$defs", "assignment_map", "properties", "virtual_servers", "description"]) as? String
        #expect(summary == "K, virtual servers per server; default ⌊log₂ M⌋, at least 1 (9 for the default M = 512).")
        let experiment = try #require(try parseExperiment("experiment: a1\nservers: 3\nmap: {slots: 128}\n") as? A1Experiment)
        #expect(experiment.spec.variants[0].placement.summary.contains("M = 128, K = 7,"))
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("(K, default ⌊log₂ M⌋ and at least 1: 9 for M = 512, 7 for `slots: 128`)"))
    }
}
