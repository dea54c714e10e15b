import Testing
@testable import Scenarios

/// `--vary` judges two values the same as the key's field reads them, the field's kind told by
/// the schema. Every value was read as a number, a duration and a size whatever the field, so
/// `servers.0.name=1s,1000ms` exited 2 with "'servers.0.name' lists the value '1000ms' twice
/// (as '1s')" — and likewise `1KiB,1024`, `1,1.0`, `1e3,1000`, `1,01` — though each is a
/// distinct server name.
struct VaryTypedSamenessTests {
    static func problem(_ argument: String) -> String? {
        do {
            _ = try ScenarioOverride.parseVariants(argument)
            return nil
        } catch {
            return error.description
        }
    }

    static let pairs = [("1s", "1000ms"), ("1KiB", "1024"), ("1", "1.0"), ("1e3", "1000"), ("1", "01")]

    @Test(arguments: pairs)
    func twoSpellingsOfOneNumberAreTwoNames(first: String, second: String) throws {
        let variants = try ScenarioOverride.parseVariants("servers.0.name=\(first),\(second)")
        #expect(variants.map(\.value) == [first, second])
        let plan = try SweepPlan(file: "f.yaml", seeds: SeedList(parsing: "1"), dimensions: [variants])
        #expect(plan.variantCount == 2)
    }

    @Test(arguments: [
        ("workload.timeout=1s,1000ms", "'workload.timeout' lists the value '1000ms' twice (as '1s')"),
        ("servers.0.service_time=1s,1000ms", "'servers.0.service_time' lists the value '1000ms' twice (as '1s')"),
        ("object_store.bytes_per_second=1KiB,1024", "'object_store.bytes_per_second' lists the value '1024' twice (as '1KiB')"),
        ("workload.rate=1,1.0", "'workload.rate' lists the value '1.0' twice (as '1')"),
        ("workload.rate=1e3,1000", "'workload.rate' lists the value '1000' twice (as '1e3')"),
        ("servers.0.slots=1,01", "'servers.0.slots' lists the value '01' twice (as '1')"),
        ("balancer.panic_threshold=50,50.0%", "'balancer.panic_threshold' lists the value '50.0%' twice (as '50')"),
        ("object_store.lifecycle=true,yes", "'object_store.lifecycle' lists the value 'yes' twice (as 'true')"),
        ("servers.0.name=x,'x'", "'servers.0.name' lists the value ''x'' twice (as 'x')"),
        ("balancer.strategy=round_robin,'round_robin'", "'balancer.strategy' lists the value ''round_robin'' twice (as 'round_robin')"),
    ])
    func oneValueOfTheFieldsKindWrittenTwiceIsRefused(argument: String, problem: String) {
        #expect(Self.problem(argument) == problem)
    }

    /// A value the field cannot read as its kind is its text, for the load to refuse; a key
    /// whose kind cannot be told compares the text.
    @Test(arguments: ["servers.0.slots=1,1s", "workload.timeout=1s,'1'", "object_store.lifecycle=true,'true'",
                      "name=1,01", "nosuch=1s,1000ms", "servers.0.name=1.0,1e0"])
    func valuesOfAnotherKindAreComparedAsText(argument: String) throws {
        #expect(try ScenarioOverride.parseVariants(argument).count == 2)
    }

    @Test func theSchemaTellsEachFieldsKind() {
        #expect(ScenarioSchema.fieldKind(at: "servers.0.name") == .text)
        #expect(ScenarioSchema.fieldKind(at: "balancer.strategy") == .text)
        #expect(ScenarioSchema.fieldKind(at: "workload.timeout") == .duration)
        #expect(ScenarioSchema.fieldKind(at: "servers.0.service_time") == .duration)
        #expect(ScenarioSchema.fieldKind(at: "object_store.bytes_per_second") == .size)
        #expect(ScenarioSchema.fieldKind(at: "workload.rate") == .number)
        #expect(ScenarioSchema.fieldKind(at: "servers.0.slots") == .number)
        #expect(ScenarioSchema.fieldKind(at: "balancer.panic_threshold") == .percentage)
        #expect(ScenarioSchema.fieldKind(at: "object_store.lifecycle") == .flag)
        // A scenario's name is text that may be written as a number or a boolean; the others
        // lead nowhere, or to a list.
        #expect(ScenarioSchema.fieldKind(at: "name") == nil)
        #expect(ScenarioSchema.fieldKind(at: "nosuch") == nil)
        #expect(ScenarioSchema.fieldKind(at: "servers.0.nosuch") == nil)
        #expect(ScenarioSchema.fieldKind(at: "servers.0.name.x") == nil)
        #expect(ScenarioSchema.fieldKind(at: "run") == nil)
        // A world's `servers` is a list; a scalar there, or in it, is a placement experiment's count.
        #expect(ScenarioSchema.fieldKind(at: "servers") == .number)
        #expect(ScenarioSchema.fieldKind(at: "servers.0") == .number)
        #expect(ScenarioSchema.fieldKind(at: "servers.x.name") == nil)
    }

    @Test func eachValueIsKeyedByItsFieldsReading() {
        #expect(ScenarioOverride.sameValueKey("1", as: .duration) == "duration 1000000000000000000")
        #expect(ScenarioOverride.sameValueKey("\"1s\"", as: .duration) == "duration 1000000000000000000")
        #expect(ScenarioOverride.sameValueKey("1KiB", as: .size) == "bytes 1024")
        #expect(ScenarioOverride.sameValueKey("1.50", as: .number) == "number 15e-1")
        #expect(ScenarioOverride.sameValueKey("'1'", as: .number) == "text 1")
        #expect(ScenarioOverride.sameValueKey("50 %", as: .percentage) == "percentage 5e1")
        #expect(ScenarioOverride.sameValueKey("On", as: .flag) == "flag true")
        #expect(ScenarioOverride.sameValueKey("1s", as: .text) == "text 1s")
        #expect(ScenarioOverride.sameValueKey("'a'", as: nil) == "text a")
        #expect(ScenarioOverride.sameValueKey("{a: 1}", as: nil) == "text {a: 1}")
    }
}
