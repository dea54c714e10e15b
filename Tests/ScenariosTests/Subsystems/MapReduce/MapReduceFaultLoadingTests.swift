import Testing
@testable import Scenarios
@testable import Simulator

/// `hang` and `errors` in MapReduce faults: a hang names a worker (it stops answering), an
/// error rate needs a server to answer requests, and each refusal names what to use instead.
struct MapReduceFaultLoadingTests {
    static let errorsAdvice = "'errors' makes a server answer a share of its requests with 500; 'worker-1' runs no server, and a MapReduce "
        + "node's failures are whole — use 'crash:', 'pause:' (with 'for:') or 'hang:' instead"

    @Test func errorsOnAWorkerIsRefusedAtItsPosition() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let error = fixture.error(MapReduceFixture.scenario(rest: "faults:\n- at: 1s\n  errors: worker-1\n  rate: 1.0"))
        #expect(error?.description == "\(fixture.path("t.yaml")):11:11: error: \(Self.errorsAdvice) (at faults.[0].errors)")
    }

    @Test func hangOnANodeThatIsNotAWorkerIsRefused() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let error = fixture.error(MapReduceFixture.scenario(rest: "faults: [{at: 1s, hang: coordinator, for: 5s}]"))
        #expect(error?.description == "\(fixture.path("t.yaml")):9:25: error: 'hang' stops a MapReduce worker answering; 'coordinator' is not a worker — use 'pause:' (with 'for:') or 'crash:' instead (at faults.[0].hang)")
    }

    /// `slow` stretches a worker's work; on the coordinator it did nothing, and a MapReduce file
    /// refuses it as a world does.
    @Test func slowOnANodeThatIsNotAWorkerIsRefused() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let error = fixture.error(MapReduceFixture.scenario(rest: "faults: [{at: 1s, slow: coordinator, factor: 3}]"))
        #expect(error?.description == "\(fixture.path("t.yaml")):9:25: error: 'slow' multiplies the service times of a server, a MapReduce worker or the object store; 'coordinator' is none of them and nothing on it has a service time to stretch — use 'pause:' (with 'for:') to stall it, or 'latency_spike:' to slow every link, instead (at faults.[0].slow)")
        let scenario = try fixture.load(MapReduceFixture.scenario(rest: "faults: [{at: 1s, slow: worker-2, factor: 3}]"))
        #expect(scenario.faults.count == 1)
    }

    @Test func hangOnAWorkerLoads() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let scenario = try fixture.load(MapReduceFixture.scenario(rest: "faults: [{at: 1s, hang: worker-2, for: 5s}]"))
        #expect(scenario.faults == [.init(at: .after(.seconds(1)), .network(.hang("worker-2", duration: .seconds(5))))])
    }

    static let world = "seed: 1\nmapreduce: {cluster: {workers: 2}, jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]}\n"

    @Test func inAWorldErrorsOnABareWorkerIsRefused() {
        // A world's message names what takes the fault there: a server or the object store.
        #expect(HostileInputTests.error(Self.world + "faults: [{at: 1s, errors: worker-1, rate: 0.5}]\n")
            == "h.yaml:3:27: error: 'errors' makes a server or the object store answer a share of its requests with 500; 'worker-1' is neither — a MapReduce worker's failures are whole: use 'crash:', 'pause:' (with 'for:') or 'hang:' instead (at faults.[0].errors)")
    }

    @Test func inAWorldHangOnAWorkerLoads() {
        #expect(HostileInputTests.error(Self.world + "faults: [{at: 1s, hang: worker-1, for: 2s}]\n") == nil)
    }
}
