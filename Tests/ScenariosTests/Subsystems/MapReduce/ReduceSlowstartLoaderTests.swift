import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// `job.reduce_slowstart` is a share of the maps, 0 … 1, checked where it is written; without it a
/// job's reducers wait for every map, as before the setting existed.
struct ReduceSlowstartLoaderTests {
    /// The template with `reduce_slowstart: value` on line 7, its value at column 21.
    static func scenario(_ value: String) -> String {
        MapReduceFixture.scenario(reducers: "2\n  reduce_slowstart: \(value)")
    }

    @Test func aShareOutsideZeroToOneIsRefusedAtItsPosition() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let file = fixture.path("t.yaml")
        #expect(fixture.error(Self.scenario("-0.1"))?.description
            == "\(file):7:21: error: must be 0 … 1, got -0.1 (at job.reduce_slowstart)")
        #expect(fixture.error(Self.scenario("1.5"))?.description
            == "\(file):7:21: error: must be 0 … 1, got 1.5 (at job.reduce_slowstart)")
    }

    @Test func aShareThatIsNotANumberIsRefusedAtItsPosition() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let error = fixture.error(Self.scenario("abc"))
        #expect(error?.description.hasPrefix("\(fixture.path("t.yaml")):7:21: error: ") == true)
        #expect(error?.description.hasSuffix("(at job.reduce_slowstart)") == true)
        #expect(error?.message.contains("a number") == true)
    }

    @Test func theBoundsAreAccepted() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        #expect(try fixture.load(Self.scenario("0")).job.reduceSlowstart == 0)
        #expect(try fixture.load(Self.scenario("1")).job.reduceSlowstart == 1)
        #expect(try fixture.load(Self.scenario("0.05")).job.reduceSlowstart == 0.05)
    }

    @Test func withoutTheKeyReducersWaitForEveryMap() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        #expect(try fixture.load(MapReduceFixture.scenario()).job.reduceSlowstart == 1)
    }
}
