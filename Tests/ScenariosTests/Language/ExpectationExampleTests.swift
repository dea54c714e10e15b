import Testing
@testable import Scenarios

/// A duration threshold without a unit gets an example that is an expectation: a bare number its
/// units (`10ms or 10s`), anything else a whole `metric op value` — `p99 <<` was told "e.g. <ms or <s".
struct ExpectationExampleTests {
    @Test(arguments: [
        ("expect: [\"p99 <<\"]", "w.yaml:4:10: error: 'balancer.p99' is a duration, and '<' is not one: give the threshold as a number and a unit, e.g. 'p99 < 200ms' (at expect.[0])"),
        ("expect: [\"p50 < 1ms; rm -rf /\"]", "w.yaml:4:10: error: 'balancer.p50' is a duration, and '1ms; rm -rf /' is not one: give the threshold as a number and a unit, e.g. 'p50 < 200ms' (at expect.[0])"),
        ("expect: [p99 < 10]", "w.yaml:4:10: error: 'balancer.p99' is a duration: give the threshold a unit, e.g. 10ms or 10s (at expect.[0])"),
    ])
    func theExampleIsAnExpectation(expect: String, message: String) {
        let yaml = "servers: [{name: s}]\nworkload: {type: open_loop, rate: 1}\nrun: {duration: 1s}\n" + expect + "\n"
        #expect(WorldLoaderTests.error(yaml)?.description == message)
    }
}
