import Testing
@testable import Scenarios
@testable import Simulator

/// A fault on a server a scale-in took out of the replica set says so: the removal is a crash
/// (traced as one, so no digest moves), and the fault list read "(no effect: Server 2 already
/// crashed)" of a later pause or crash of it, as if a fault had crashed it. Restarted since, it
/// is a node like any other again.
struct FaultOnRemovedServerTests {
    @Test func aFaultOnARemovedServerSaysItWasRemoved() throws {
        let simulation = Simulation(seed: 11)
        let trace = JSONLinesTrace()
        let kept: Set<TraceKind> = [.crash, .restart, .pause, .resume]
        simulation.trace.sink = { (event: TraceEvent) in if kept.contains(event.kind) { trace.append(event) } }
        let network = Network(simulation: simulation, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let balancer = LoadBalancer(placement: .assignment(try ConsistentHashMap(configuration: .assignment)),
                                    configuration: .init(server: ServerConfiguration(slots: 2, serviceTime: .constant(0.001))), network: network)
        simulation.spawn("scale") { _ in
            _ = try? await balancer.add(n: 3, hostnames: ["Server 1", "Server 2", "Server 3"])
            await simulation.sleep(until: .after(.seconds(1)))
            _ = try? await balancer.rm(n: 1, hostnames: ["Server 2"])
        }
        let faults = [FaultSchedule.Entry(at: .after(.seconds(2)), fault: .pause("Server 2", duration: .seconds(1))),
                      FaultSchedule.Entry(at: .after(.milliseconds(2500)), fault: .crash("Server 2")),
                      FaultSchedule.Entry(at: .after(.seconds(3)), fault: .restart("Server 2", bootTime: .zero)),
                      FaultSchedule.Entry(at: .after(.seconds(4)), fault: .crash("Server 2")),
                      FaultSchedule.Entry(at: .after(.milliseconds(4500)), fault: .pause("Server 2", duration: .seconds(1)))]
        FaultInjector.schedule(faults, on: network)
        _ = try simulation.run(until: .after(.seconds(5)))
        #expect(FaultSchedule.reportLines(faults.map(FaultSchedule.Listed.init), end: .after(.seconds(5)), recorded: network.faultsWithoutEffect) == [
            "2.000 s: pause Server 2 for 1.000 s (no effect: Server 2 removed from the replica set at 1.000 s)",
            "2.500 s: crash Server 2 (no effect: Server 2 removed from the replica set at 1.000 s)",
            "3.000 s: restart Server 2 (boot 0.000 s)",
            "4.000 s: crash Server 2",
            "4.500 s: pause Server 2 for 1.000 s (no effect: Server 2 already crashed)",
        ])
        let describe = { (change: NodeStateChanges.Change) -> String in
            let kind: String = change.kind == .removed ? "removed" : "\(change.kind)"
            return "\(change.at.seconds) \(kind)"
        }
        #expect(network.stateChanges.changes.filter { $0.node == "Server 2" }.map(describe).first == "1.0 removed")
        // The removal is traced as the crash it was.
        #expect(trace.text == """
            {"t":1000000000,"kind":"crash","subject":"Server 2","object":"","value":0}
            {"t":3000000000,"kind":"restart","subject":"Server 2","object":"","value":0}
            {"t":4000000000,"kind":"crash","subject":"Server 2","object":"","value":0}

            """)
    }
}
