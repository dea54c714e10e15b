import Testing
@testable import Simulator

/// The ready queue and the timers hold no reference per entry: a ``SteppedWork`` counts its
/// entries and holds itself while it has any. These tests drop every other reference to the
/// work and watch it through a weak one: it must live exactly until its last entry is run,
/// cancelled or discarded, never a step longer (a leak) nor a step shorter (a freed target run).
struct SteppedWorkTests {
    /// What woke a probe, in order; kept apart from the probe so a test can read it once the
    /// probe is freed.
    final class Ledger {
        var woken: [String] = []
    }

    /// Records what woke it in its ledger; step 9 queues step 10 of its own while it runs.
    final class Probe: SteppedWork, @unchecked Sendable {
        var wakeUps: UInt32 = 0
        let executor: SimulationExecutor
        let ledger: Ledger

        init(executor: SimulationExecutor, ledger: Ledger = Ledger()) {
            self.executor = executor
            self.ledger = ledger
        }

        func runStep(_ code: UInt8) {
            ledger.woken.append("step \(code)@\(executor.now)")
            if code == 9 { executor.enqueueStep(self, 10) }
        }

        func timerFired(_ code: UInt8) {
            ledger.woken.append("timer \(code)@\(executor.now)")
        }
    }

    /// Watches a probe weakly.
    final class Watch {
        weak var probe: Probe?
    }

    /// A probe of `sim` recording into `ledger`, whose only references are the entries `enter`
    /// makes for it (the probe itself is let go when this returns), watched weakly.
    static func probe(of sim: Simulation, ledger: Ledger = Ledger(), entries enter: (SimulationExecutor, Probe) -> Void) -> Watch {
        let watch = Watch()
        let probe = Probe(executor: sim.executor, ledger: ledger)
        watch.probe = probe
        enter(sim.executor, probe)
        return watch
    }

    @Test func workLivesUntilItsLastEntryRunsAndNoLonger() throws {
        let sim = Simulation(seed: 1)
        let ledger = Ledger()
        let watched = Self.probe(of: sim, ledger: ledger) { executor, probe in
            executor.enqueueStep(probe, 1)
            executor.schedule(at: 30, .notify(probe.wakeUp(3)))
            executor.enqueueStep(probe, 2)
            executor.schedule(at: 20, .notify(probe.wakeUp(4)))
        }
        #expect(watched.probe != nil)
        try sim.run(until: VirtualInstant(nanoseconds: 25))
        // Both steps and the earlier timer ran; the later timer still holds the work.
        #expect(ledger.woken == ["step 1@0", "step 2@0", "timer 4@20"])
        #expect(watched.probe != nil)
        try sim.run(until: VirtualInstant(nanoseconds: 40))
        #expect(ledger.woken == ["step 1@0", "step 2@0", "timer 4@20", "timer 3@30"])
        #expect(watched.probe == nil)
    }

    @Test func aStepThatQueuesAnotherKeepsItsWorkAlive() throws {
        let sim = Simulation(seed: 1)
        let ledger = Ledger()
        let watched = Self.probe(of: sim, ledger: ledger) { executor, probe in executor.enqueueStep(probe, 9) }
        // Step 9 queues step 10 while it runs: the count goes 1 → 2 → 1, and the work lives on
        // until step 10 has run.
        #expect(sim.executor.runReadyJob())
        #expect(ledger.woken == ["step 9@0"])
        #expect(watched.probe != nil)
        #expect(sim.executor.runReadyJob())
        #expect(ledger.woken == ["step 9@0", "step 10@0"])
        #expect(watched.probe == nil)
        #expect(!sim.executor.runReadyJob())
    }

    @Test func cancellingTheLastTimerFreesTheWorkAtOnce() {
        let sim = Simulation(seed: 1)
        let executor = sim.executor
        var handles: [TimerHandle] = []
        let watched = Self.probe(of: sim) { executor, probe in
            // Two timers in one lane (set for the same duration), one in another, one in the heap.
            handles.append(executor.scheduleCancellable(after: 1_000, .notify(probe.wakeUp(1))))
            handles.append(executor.scheduleCancellable(after: 1_000, .notify(probe.wakeUp(2))))
            handles.append(executor.scheduleCancellable(after: 500, .notify(probe.wakeUp(3))))
            handles.append(executor.timers.insertCancellable(deadline: 700, sequence: 99, action: .notify(probe.wakeUp(4))))
        }
        executor.cancelTimer(handles[1])
        #expect(watched.probe != nil)
        executor.cancelTimer(handles[0])
        #expect(watched.probe != nil)
        // A stale handle changes nothing: the entry is not counted gone twice.
        executor.cancelTimer(handles[1])
        #expect(watched.probe != nil)
        executor.cancelTimer(handles[3])
        #expect(watched.probe != nil)
        executor.cancelTimer(handles[2])
        #expect(watched.probe == nil)
        #expect(executor.timers.isEmpty)
    }

    /// Cancelled as the notifications they are (the action not read back, as a network call
    /// cancels its timeout), timers count their entries gone exactly as a plain cancel does.
    @Test func cancellingKnownNotificationsFreesTheWorkAtOnce() {
        let sim = Simulation(seed: 1)
        let executor = sim.executor
        var timers: [(handle: TimerHandle, wakeUp: WakeUp)] = []
        let watched = Self.probe(of: sim) { executor, probe in
            // Three timers in one lane (set for the same duration), one in the heap.
            for code: UInt8 in 1...3 {
                let wakeUp = probe.wakeUp(code)
                timers.append((executor.scheduleCancellable(after: 1_000, .notify(wakeUp)), wakeUp))
            }
            let wakeUp = probe.wakeUp(4)
            timers.append((executor.timers.insertCancellable(deadline: 700, sequence: 99, action: .notify(wakeUp)), wakeUp))
        }
        // Behind the lane's front, then its front, then the heap's.
        executor.cancelTimer(timers[1].handle, notifying: timers[1].wakeUp)
        #expect(executor.timers.count == 3)
        executor.cancelTimer(timers[0].handle, notifying: timers[0].wakeUp)
        #expect(executor.timers.count == 2)
        executor.cancelTimer(timers[3].handle, notifying: timers[3].wakeUp)
        #expect(watched.probe != nil)
        // A stale handle changes nothing: the entry is not counted gone twice.
        executor.cancelTimer(timers[1].handle, notifying: timers[1].wakeUp)
        #expect(watched.probe != nil)
        #expect(executor.timers.count == 1 && executor.timers.earliestDeadline == 1_000)
        executor.cancelTimer(timers[2].handle, notifying: timers[2].wakeUp)
        #expect(watched.probe == nil)
        #expect(executor.timers.isEmpty)
    }

    @Test func tearingTheWorldDownLetsGoOfWorkStillQueuedOrWaiting() throws {
        let sim = Simulation(seed: 1)
        let ledger = Ledger()
        let watched = Self.probe(of: sim, ledger: ledger) { executor, probe in
            executor.schedule(at: 50, .notify(probe.wakeUp(1)))
            _ = executor.scheduleCancellable(after: 70, .notify(probe.wakeUp(2)))
        }
        try sim.run(until: VirtualInstant(nanoseconds: 10))
        if let probe = watched.probe { sim.executor.enqueueStep(probe, 3) }
        sim.tearDown()
        // Tearing down runs what is ready (to let periodic loops end) and drops the timers unrun:
        // the work is freed with its last entry.
        #expect(ledger.woken == ["step 3@10"])
        #expect(watched.probe == nil)
    }

    /// Work that holds nothing: only its entries keep it.
    final class Bare: SteppedWork, @unchecked Sendable {
        var wakeUps: UInt32 = 0
        func runStep(_ code: UInt8) {}
    }

    @Test func aFreedExecutorLetsGoOfItsQueuedSteps() {
        weak var watched: Bare?
        do {
            let executor = SimulationExecutor()
            let work = Bare()
            watched = work
            executor.enqueueStep(work, 1)
            executor.enqueueStep(work, 2)
            executor.schedule(at: 5, .notify(work.wakeUp(3)))
        }
        #expect(watched == nil)
    }
    /// An entry calls its target as the type its kind names: a call answered with a ``Response``
    /// is named (its entries call it directly), a call answered with anything else and any other
    /// conformer are found by a dynamic cast; each counts its entries down to none.
    /// What ``entriesNameTheKindOfTheirTarget()`` watches, from inside its client's task.
    final class CallWatch: @unchecked Sendable {
        let ledger = Ledger()
        weak var responseCall: PendingCall<Response>?
        weak var textCall: PendingCall<String>?
    }

    @Test func entriesNameTheKindOfTheirTarget() throws {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.001)))
        network.addNode("client")
        network.addNode("server")
        let watch = CallWatch()
        sim.spawn("client") { _ in
            let probe = Probe(executor: sim.executor, ledger: watch.ledger)
            let answered = network.dispatch(from: "client", to: "server", timeout: 5_000_000,
                                            handler: .task { Response(status: 204, server: "server") }, waiter: probe.wakeUp(1))
            let text = network.dispatch(from: "client", to: "server", timeout: 5_000_000, handler: .task { "ok" }, waiter: probe.wakeUp(2))
            // Entries made here and discarded again: the calls' own keep them until answered.
            let entries = [answered.wakeUp(0), text.wakeUp(0), probe.wakeUp(0)]
            #expect(entries.map(\.kind) == [.responseCall, .dynamic, .dynamic])
            for entry in entries { entry.discard() }
            watch.responseCall = answered
            watch.textCall = text
            // The run ends with its last task: this one waits for both answers.
            await sim.sleep(for: .milliseconds(10))
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(watch.ledger.woken == ["step 1@2000000", "step 2@2000000"])
        // Every entry of both calls ran or was discarded: neither holds itself any more (a parked
        // handler task may still hold the call it ran last).
        #expect((watch.responseCall?.wakeUps ?? 0) == 0)
        #expect((watch.textCall?.wakeUps ?? 0) == 0)
    }
}
