// A floor for the engine's balanced request: the traffic of one world of the strategy comparison
// (`scenarios/strategies.yaml` with `balancer.strategy=least_conn`) as the plainest event loop
// that carries it, to say how much faster than Orrery's engine any engine could make it.
//
// Poisson arrivals at 1,000/s for 40 s from 500 client hosts with Zipf(10,000, 0.9) keys; client
// → balancer → the least-connected of 4 servers of 4 slots and a queue of 200 → balancer →
// client, each hop a constant 0.5 ms; exponential service of 8 ms; a 1 s forward timeout and a 5 s
// client timeout parked and left to fire as no-ops; latencies counted in a histogram of 1 µs
// buckets. Events are 24-byte records: the constant delays in FIFO lanes (as Orrery's
// `TimerLane`s), arrivals and services in a 4-ary heap, ties broken by one sequence number. No
// class per request, no reference counting, no ready queue: 8 events a request where Orrery's
// world processes 16.
//
// What it leaves out, which Orrery's world does: retries, passive health and the strategy's
// candidate list, per-server statistics and per-second series, the digest folded over every
// event, fault and partition checks, drop and duplicate draws, a node table. So it is a bound,
// not a rival; its p99 is the same queue's (about 39 ms). `scripts/engine-floor.sh` compiles it
// and times it against `orrery run`. Not part of CI.
//
// Usage: balanced_floor [worlds]   (default 1; world w uses seed w)
import Foundation

struct Generator {
    var state: UInt64
    /// SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    mutating func exponential(mean nanoseconds: Double) -> Int64 { Int64(-nanoseconds * log(1 - unit())) }
}

/// Zipf over 1 … n by its cumulative weights (a binary search a draw).
struct Zipf {
    let cumulative: [Double]
    init(n: Int, exponent: Double) {
        var sum = 0.0
        cumulative = (1...n).map { sum += 1 / pow(Double($0), exponent); return sum }
    }
    func sample(_ generator: inout Generator) -> Int {
        let target = generator.unit() * cumulative[cumulative.count - 1]
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }
}

struct Event {
    var time: Int64
    var sequence: UInt64
    var kind: Kind
    var request: Int32

    enum Kind: UInt8 { case arrival, atBalancer, atServer, serviceDone, answerAtBalancer, answerAtClient, forwardTimeout, clientTimeout }

    @inline(__always) static func < (a: Event, b: Event) -> Bool { a.time < b.time || (a.time == b.time && a.sequence < b.sequence) }
}

struct Heap {
    var entries: [Event] = []
    mutating func push(_ event: Event) {
        entries.append(event)
        var index = entries.count - 1
        while index > 0 {
            let parent = (index - 1) / 4
            guard event < entries[parent] else { break }
            entries[index] = entries[parent]
            index = parent
        }
        entries[index] = event
    }
    mutating func pop() -> Event {
        let top = entries[0], last = entries.removeLast()
        guard !entries.isEmpty else { return top }
        var index = 0
        while true {
            let first = 4 * index + 1
            guard first < entries.count else { break }
            var least = first
            for child in (first + 1)..<min(first + 4, entries.count) where entries[child] < entries[least] { least = child }
            guard entries[least] < last else { break }
            entries[index] = entries[least]
            index = least
        }
        entries[index] = last
        return top
    }
}

/// Events of one constant delay, due in the order they were made.
struct Lane {
    var entries: [Event] = []
    var head = 0
    var first: Event? { head < entries.count ? entries[head] : nil }
    mutating func pop() {
        head += 1
        if head > 4096 && head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }
}

struct Request {
    var sent: Int64
    var key: Int
    var client: Int32
    var server: Int32
}

struct World {
    static let link: Int64 = 500_000, forwardTimeout: Int64 = 1_000_000_000, clientTimeout: Int64 = 5_000_000_000
    static let end: Int64 = 40_000_000_000, servers = 4, slots = 4, queueLimit = 200, clients = 500

    var generator: Generator
    let zipf: Zipf
    var heap = Heap()
    /// The link, the forward timeout and the client timeout.
    var lanes = [Lane](repeating: Lane(), count: 3)
    var sequence: UInt64 = 0
    var requests: [Request] = []
    var busy = [Int](repeating: 0, count: servers)
    var active = [Int](repeating: 0, count: servers)
    var queues = [[Int32]](repeating: [], count: servers)
    var histogram = [UInt64](repeating: 0, count: 1 << 20)
    var events = 0, answered = 0, rejected = 0

    init(seed: UInt64, zipf: Zipf) {
        generator = Generator(state: seed)
        self.zipf = zipf
    }

    mutating func schedule(_ kind: Event.Kind, at time: Int64, _ request: Int32) {
        sequence &+= 1
        heap.push(Event(time: time, sequence: sequence, kind: kind, request: request))
    }

    mutating func park(_ kind: Event.Kind, in lane: Int, at time: Int64, _ request: Int32) {
        sequence &+= 1
        lanes[lane].entries.append(Event(time: time, sequence: sequence, kind: kind, request: request))
    }

    mutating func next() -> Event? {
        var best = heap.entries.first, from = -1
        for lane in 0..<lanes.count {
            if let first = lanes[lane].first, best.map({ first < $0 }) ?? true {
                best = first
                from = lane
            }
        }
        guard best != nil else { return nil }
        if from < 0 { return heap.pop() }
        lanes[from].pop()
        return best
    }

    mutating func run() {
        schedule(.arrival, at: generator.exponential(mean: 1_000_000), 0)
        while let event = next() {
            events += 1
            let now = event.time, id = event.request
            switch event.kind {
            case .arrival:
                let next = now + generator.exponential(mean: 1_000_000)
                if next < World.end { schedule(.arrival, at: next, 0) }
                let request = Int32(requests.count)
                let client = Int32(generator.next() % UInt64(World.clients))
                requests.append(Request(sent: now, key: zipf.sample(&generator), client: client, server: -1))
                park(.clientTimeout, in: 2, at: now + World.clientTimeout, request)
                park(.atBalancer, in: 0, at: now + World.link, request)
            case .atBalancer:
                var least = 0
                for server in 1..<World.servers where active[server] < active[least] { least = server }
                active[least] += 1
                requests[Int(id)].server = Int32(least)
                park(.forwardTimeout, in: 1, at: now + World.forwardTimeout, id)
                park(.atServer, in: 0, at: now + World.link, id)
            case .atServer:
                let server = Int(requests[Int(id)].server)
                if busy[server] < World.slots {
                    busy[server] += 1
                    schedule(.serviceDone, at: now + generator.exponential(mean: 8_000_000), id)
                } else if queues[server].count < World.queueLimit {
                    queues[server].append(id)
                } else {
                    rejected += 1
                    park(.answerAtBalancer, in: 0, at: now + World.link, id)
                }
            case .serviceDone:
                let server = Int(requests[Int(id)].server)
                if queues[server].isEmpty {
                    busy[server] -= 1
                } else {
                    schedule(.serviceDone, at: now + generator.exponential(mean: 8_000_000), queues[server].removeFirst())
                }
                park(.answerAtBalancer, in: 0, at: now + World.link, id)
            case .answerAtBalancer:
                active[Int(requests[Int(id)].server)] -= 1
                park(.answerAtClient, in: 0, at: now + World.link, id)
            case .answerAtClient:
                answered += 1
                histogram[min(Int((now - requests[Int(id)].sent) / 1_000), histogram.count - 1)] += 1
            case .forwardTimeout, .clientTimeout:
                break
            }
        }
    }

    /// The latency below which 99 % of the answers fall, in milliseconds.
    var p99: Double {
        var seen: UInt64 = 0
        let wanted = UInt64((Double(answered) * 0.99).rounded(.up))
        for (microseconds, count) in histogram.enumerated() {
            seen += count
            if seen >= wanted { return Double(microseconds) / 1_000 }
        }
        return .nan
    }
}

let worlds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1
let zipf = Zipf(n: 10_000, exponent: 0.9)
var events = 0, requests = 0, p99s: [Double] = []
for seed in 0..<worlds {
    var world = World(seed: UInt64(seed), zipf: zipf)
    world.run()
    events += world.events
    requests += world.requests.count
    p99s.append(world.p99)
}
print("worlds: \(worlds), requests: \(requests), events: \(events) (\(String(format: "%.1f", Double(events) / Double(requests))) a request), mean p99: \(String(format: "%.3f", p99s.reduce(0, +) / Double(p99s.count))) ms")
