import Testing
@testable import Simulator

struct WorkloadShapeTests {
    @Test func theOpenLoopRateRampsUpAndBurstsMultiplyIt() {
        let workload = Workload(arrivals: .openLoop(ratePerSecond: 100), issueUntil: .after(.seconds(60)), rampUp: .seconds(10),
                                bursts: [Burst(at: .seconds(20), duration: .seconds(5), multiplier: 3)])
        #expect(workload.rateFactor(at: .zero) == 0)
        #expect(workload.rateFactor(at: .after(.seconds(5))) == 0.5)
        #expect(workload.rateFactor(at: .after(.seconds(15))) == 1)
        #expect(workload.rateFactor(at: .after(.seconds(22))) == 3)
        #expect(workload.rateFactor(at: .after(.seconds(25))) == 1)
        #expect(workload.peakRateFactor == 3)
    }

    @Test func openLoopArrivalsFollowTheRampAndTheBurst() {
        let sim = Simulation(seed: 3)
        let network = Network(simulation: sim)
        let server = ServerReplica("s1", configuration: ServerConfiguration(slots: 100, serviceTime: .constant(0.001)), network: network)
        let workload = Workload(arrivals: .openLoop(ratePerSecond: 200), issueUntil: .after(.seconds(40)), rampUp: .seconds(10),
                                bursts: [Burst(at: .seconds(20), duration: .seconds(10), multiplier: 3)], clients: 50)
        let metrics = WorkloadMetrics()
        WorkloadDriver.start(workload, target: DirectServers(network: network, servers: [server]), simulation: sim, metrics: metrics)
        try! sim.runToCompletion(timeLimit: .after(.seconds(100)))
        let perSecond = metrics.completionsPerSecond
        let ramp = perSecond[0..<10].reduce(0, +), steady = perSecond[10..<20].reduce(0, +), burst = perSecond[20..<30].reduce(0, +)
        #expect(abs(Double(ramp) - 1_000) < 150, "half the rate on average over the ramp: \(ramp)")
        #expect(abs(Double(steady) - 2_000) < 200, "\(steady)")
        #expect(abs(Double(burst) - 6_000) < 400, "\(burst)")
    }

    @Test func closedLoopUsersStartSpreadOverTheRampUp() {
        let sim = Simulation(seed: 3)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let server = ServerReplica("s1", configuration: ServerConfiguration(slots: 10, serviceTime: .constant(0.001)), network: network)
        let workload = Workload(arrivals: .closedLoop(users: 4, thinkTime: .constant(0)), requestLimit: 4, rampUp: .seconds(8))
        let metrics = WorkloadMetrics()
        WorkloadDriver.start(workload, target: DirectServers(network: network, servers: [server]), simulation: sim, metrics: metrics)
        try! sim.runToCompletion(timeLimit: .after(.seconds(100)))
        // Users start at 0, 2, 4 and 6 s; each request takes 2 ms.
        #expect(metrics.completionsPerSecond == [1, 0, 1, 0, 1, 0, 1])
        #expect(micros(metrics.lastCompletion.seconds) == 6.002)
    }
}
