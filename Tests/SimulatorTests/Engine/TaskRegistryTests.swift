import Testing
@testable import Simulator

struct TaskRegistryTests {
    /// Slots are reused, but names come out in start order, numbered by it, whatever slot each
    /// task took; a request's name is spelled only then.
    @Test func namesComeInStartOrderWhateverSlotsTheTasksTook() {
        let registry = TaskRegistry()
        let a = registry.start("a", daemon: false)
        let b = registry.start("b", daemon: true)
        let c = registry.start(.request(41), daemon: false)
        registry.finish(a)
        registry.finish(b)
        let d = registry.start("d", daemon: false)       // takes b's slot (freed last)
        let e = registry.start(.request(42), daemon: true) // takes a's slot
        #expect(registry.allNames == ["request-41#3", "d#4", "request-42#5"])
        #expect(registry.foregroundNames == ["request-41#3", "d#4"])
        #expect(registry.foregroundCount == 2)
        registry.finish(c)
        registry.finish(d)
        registry.finish(e)
        #expect(registry.allNames == [] && registry.foregroundCount == 0)
    }

    /// A registration finishes its own task once: finishing it again, after its slot went to
    /// another task, leaves that task alone.
    @Test func finishingTwiceDoesNotFinishTheSlotsNextTask() {
        let registry = TaskRegistry()
        let first = registry.start("first", daemon: false)
        registry.finish(first)
        let second = registry.start("second", daemon: false)
        registry.finish(first)
        #expect(registry.foregroundNames == ["second#2"])
        #expect(registry.foregroundCount == 1)
        registry.finish(second)
        #expect(registry.foregroundCount == 0)
    }

    /// Many tasks, finished in a scrambled order, against a plain list.
    @Test func scrambledStartsAndFinishesMatchAList() {
        var random = SeededRandom(seed: 5, stream: "task-registry")
        let registry = TaskRegistry()
        var live: [(registration: TaskRegistry.Registration, name: String, daemon: Bool)] = []
        var started = 0
        for _ in 0..<20_000 {
            if live.isEmpty || random.next() % 5 < 3 {
                started += 1
                let daemon = random.next() % 4 == 0
                let name = "t\(started)#\(started)"
                live.append((registry.start("t\(started)", daemon: daemon), name, daemon))
            } else {
                let index = Int(random.next() % UInt64(live.count))
                registry.finish(live.remove(at: index).registration)
            }
        }
        #expect(registry.allNames == live.map(\.name))
        #expect(registry.foregroundNames == live.filter { !$0.daemon }.map(\.name))
        #expect(registry.foregroundCount == live.filter { !$0.daemon }.count)
    }
}
