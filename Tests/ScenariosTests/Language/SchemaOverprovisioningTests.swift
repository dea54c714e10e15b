import Foundation
import Testing
@testable import Scenarios

/// `balancer.locality.overprovisioning_factor` in the schema: the loader takes a whole percent
/// (``ScenarioLoader/overprovisioningPercent(_:)``), which the description says. Not as
/// `multipleOf: 0.01`: a validator dividing in binary floating point (Python's `jsonschema`)
/// finds 1.15 / 0.01 = 114.999… and would refuse a factor the loader takes.
struct SchemaOverprovisioningTests {
    /// Every value under a key named `key`, anywhere in `json`.
    static func values(named key: String, in json: Any) -> [Any] {
        if let object = json as? [String: Any] {
            return (object[key].map { [$0] } ?? []) + object.keys.sorted().flatMap { values(named: key, in: object[$0]!) }
        }
        if let array = json as? [Any] { return array.flatMap { values(named: key, in: $0) } }
        return []
    }

    @Test func theSchemaSaysTheFactorIsAWholePercentWithinOneToTen() throws {
        let factors = Self.values(named: "overprovisioning_factor", in: SchemaTests.schema)
        #expect(factors.count == 1)
        let factor = try #require(factors.first as? [String: Any])
        #expect(factor["description"] as? String
                == "Envoy's overprovisioning factor, in whole percent (1.4 or 1.15, not 1.234): a zone keeps all its clients' traffic while healthy share × factor ≥ 100 %; default 1.4.")
        #expect(factor["type"] as? String == "number")
        #expect(factor["minimum"] as? Double == 1 && factor["maximum"] as? Double == 10)
        #expect(factor["multipleOf"] == nil)
    }
}
