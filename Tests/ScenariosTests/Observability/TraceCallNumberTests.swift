import Foundation
import Testing
import Simulator
@testable import Scenarios

/// The JSON-lines trace gave a call's `send` and its answer nothing that joined them: with many
/// requests in flight from one client to one server, a reader could not tell which `respond`
/// answered which `send`. Every line of a network call now carries the call's number (`call`),
/// and a `send` carrying a client's request its id (`request`, the Perfetto trace's flow id), so
/// that every latency of the report can be recomputed from the trace alone.
struct TraceCallNumberTests {
    /// An open-loop client and two servers, fast enough arrivals and spread-out service times that
    /// several calls to one server are in flight at once and answers overtake one another; a
    /// lossy link and a hang give drops, timeouts and 500s.
    static let yaml = """
        name: open-loop-calls
        seed: 11
        run: {duration: 3s}
        servers: [{name: web, count: 2, slots: 4, queue: 100, service_time: {exponential: {mean: 20ms}}}]
        workload: {type: open_loop, rate: 300, timeout: 150ms}
        faults:
          - {at: 1s, drop_rate: 0.05, for: 1s}
          - {at: 1.5s, hang: web1, for: 300ms}
        """

    /// One parsed line of a JSON-lines trace.
    struct Line {
        let t: Int64
        let kind: String
        let subject: String
        let object: String
        let value: Int64
        let call: Int64?
        let request: Int64?

        init(_ text: Substring) throws {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            t = try #require(object["t"] as? Int64)
            kind = try #require(object["kind"] as? String)
            subject = object["subject"] as? String ?? ""
            self.object = object["object"] as? String ?? ""
            value = object["value"] as? Int64 ?? 0
            call = object["call"] as? Int64
            request = object["request"] as? Int64
        }
    }

    static let callKinds: Set<String> = ["send", "duplicate", "drop", "respond", "timeout", "unreachable", "refused"]
    static let outcomeKinds: Set<String> = ["respond", "timeout", "unreachable", "refused"]

    static func traced(_ yaml: String = yaml, format: ObservationOptions.TraceFormat? = .jsonLines) throws -> Scenarios.RunOutcome {
        try ScenarioFile.world(try ScenarioLoader.parse(yaml, file: "calls.yaml")).run(formats: [], observing: ObservationOptions(trace: format))
    }

    static func lines(_ outcome: Scenarios.RunOutcome) throws -> [Line] {
        try #require(outcome.trace).split(separator: "\n").map(Line.init)
    }

    @Test func everySendHasExactlyOneOutcomeWithItsCallNumber() throws {
        let lines = try Self.lines(try Self.traced())
        let calls = lines.filter { Self.callKinds.contains($0.kind) }
        // Every line of a call has its number; no other line has one.
        #expect(calls.allSatisfy { ($0.call ?? 0) > 0 })
        let others: [Line] = lines.filter { !Self.callKinds.contains($0.kind) }
        #expect(others.allSatisfy { (line: Line) in line.call == nil && line.request == nil })
        // Numbered from 1 in the order the sends are written, each once.
        let sends = calls.filter { $0.kind == "send" }
        #expect(sends.map { $0.call! } == Array(1...Int64(sends.count)))
        let byCall = Dictionary(grouping: calls) { $0.call! }
        #expect(byCall.count == sends.count)
        var kinds: [String: Int] = [:]
        for send in sends {
            let lines = byCall[send.call!]!
            let outcomes = lines.filter { Self.outcomeKinds.contains($0.kind) }
            let kindsOfCall: [String] = lines.map { $0.kind }
            try #require(outcomes.count == 1, "call \(send.call!): \(kindsOfCall)")
            let outcome = outcomes[0]
            kinds[outcome.kind, default: 0] += 1
            #expect(lines.first?.kind == "send" && outcome.t >= send.t)
            // A `respond` comes from the server called, to the caller; a failure is the caller's.
            if outcome.kind == "respond" {
                #expect(outcome.subject == send.object && outcome.object == send.subject)
            } else {
                #expect(outcome.subject == send.subject && outcome.object == send.object)
            }
        }
        #expect(kinds["respond", default: 0] > 500 && kinds["timeout", default: 0] > 10)
        #expect(calls.contains { $0.kind == "drop" })
        // Several calls from the client to one server were in flight at once, answered out of order.
        var open: [String: Set<Int64>] = [:]
        var most = 0, overtaken = 0
        for line in calls {
            if line.kind == "send" {
                open[line.object, default: []].insert(line.call!)
                most = max(most, open[line.object]!.count)
            } else if Self.outcomeKinds.contains(line.kind) {
                let server = line.kind == "respond" ? line.subject : line.object
                if let oldest = open[server]?.min(), oldest < line.call! { overtaken += 1 }
                open[server]?.remove(line.call!)
            }
        }
        #expect(most >= 5 && overtaken > 50)
    }

    /// The report's figures, recomputed from the trace's paired lines: an answered call's latency
    /// is its `respond`'s `t` less its `send`'s.
    @Test func theReportsLatenciesAreRecomputedFromPairedLines() throws {
        let outcome = try Self.traced()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.yaml, file: "calls.yaml"))
        let traffic = try #require(result.traffic)
        #expect(result.digest == outcome.digest)
        let lines = try Self.lines(outcome)
        var sent: [Int64: Line] = [:]
        var latencies: [Int64] = []
        var byServer: [String: [Int64]] = [:]
        var timeouts = 0, failures: [Int64: Int] = [:]
        for line in lines where Self.callKinds.contains(line.kind) {
            if line.kind == "send" { sent[line.call!] = line; continue }
            guard let send = sent[line.call!], send.subject.hasPrefix("client") else { continue }
            switch line.kind {
            case "respond" where (200..<300).contains(line.value):
                latencies.append(line.t - send.t)
                byServer[line.subject, default: []].append(line.t - send.t)
            case "respond": failures[line.value, default: 0] += 1
            case "timeout": timeouts += 1
            default: break
            }
        }
        #expect(latencies.count == traffic.succeeded)
        #expect(timeouts == traffic.timeouts)
        let traced: [String] = failures.sorted { (left: (key: Int64, value: Int), right: (key: Int64, value: Int)) -> Bool in left.key < right.key }
            .map { (status: Int64, count: Int) -> String in "\(status) \(count)" }
        let reported: [String] = traffic.statusFailures.map { (failure: (status: Int, count: Int)) -> String in "\(failure.status) \(failure.count)" }
        #expect(traced == reported)
        #expect(failures[500, default: 0] > 0)
        let figure = { (label: String) -> Double? in traffic.latency.first { $0.label == label }?.seconds }
        #expect(figure("max") == Duration.nanoseconds(latencies.max()!).seconds)
        let total: Int64 = latencies.reduce(0, +)
        let mean: Double = Double(total) / Double(latencies.count) / 1e9
        // The report's mean is whole nanoseconds.
        #expect(abs(figure("mean")! - mean) <= 1e-9)
        #expect(byServer.keys.sorted() == ["web1", "web2"])
    }

    /// A `send` carrying a client's request has the request's id: the Perfetto trace's flow id and
    /// its request slice's `#id`, whose length is the latency the JSON-lines trace pairs.
    @Test func theRequestIdIsThePerfettoFlowId() throws {
        let lines = try Self.lines(try Self.traced())
        var sent: [Int64: Line] = [:]
        var latency: [Int64: Int64] = [:]
        for line in lines where Self.callKinds.contains(line.kind) {
            if line.kind == "send" { sent[line.call!] = line; continue }
            guard Self.outcomeKinds.contains(line.kind), let send = sent[line.call!], let request = send.request else { continue }
            latency[request] = line.t - send.t
        }
        #expect(sent.values.allSatisfy { $0.request != nil })
        let requests: [Int64] = sent.values.map { $0.request! }
        #expect(Set(requests).count == sent.count)
        let perfetto = try #require(try Self.traced(format: .perfetto).trace)
        let slices = try ObservabilityFixture.events(perfetto).filter { $0["cat"] as? String == "request" && $0["ph"] as? String == "X" }
        #expect(slices.count == latency.count)
        for slice in slices {
            let name = try #require(slice["name"] as? String)
            let id = try #require(Int64(name.split(separator: "#").last ?? ""))
            let duration = try #require((slice["dur"] as? NSNumber)?.doubleValue)
            #expect(abs(duration - Double(try #require(latency[id])) / 1_000) < 1e-6, "\(name)")
        }
        let flows = Set(try ObservabilityFixture.events(perfetto).filter { $0["ph"] as? String == "s" }.compactMap { ($0["id"] as? NSNumber)?.int64Value })
        #expect(!flows.isEmpty && flows.isSubset(of: Set(latency.keys)))
    }

    /// Neither number moves the digest: a run traced, observed or neither has the same one.
    @Test func theNumbersAreNotFoldedIntoTheDigest() throws {
        let plain = ScenarioRunner.run(try ScenarioLoader.parse(Self.yaml, file: "calls.yaml"))
        #expect(try Self.traced().digest == plain.digest)
        #expect(try Self.traced(format: .perfetto).digest == plain.digest)
        #expect(plain.digest == "878afd986dc81ee8")
    }

    /// A balancer's forwards of a request are calls of their own, each numbered, whose `send`
    /// has the client's request id too.
    @Test func aBalancersForwardsCarryTheClientsRequestId() throws {
        let yaml = """
            name: balanced-calls
            seed: 3
            run: {duration: 1s}
            balancer: {strategy: round_robin}
            servers: [{name: web, count: 2, service_time: 5ms}]
            workload: {type: open_loop, rate: 100, timeout: 1s}
            """
        let lines = try Self.lines(try Self.traced(yaml))
        let sends = lines.filter { $0.kind == "send" }
        let fromClient = sends.filter { $0.subject.hasPrefix("client") }
        let forwards = sends.filter { !$0.subject.hasPrefix("client") && $0.object.hasPrefix("web") && $0.request != nil }
        #expect(fromClient.count > 50 && forwards.count == fromClient.count)
        #expect(fromClient.map { $0.request! }.sorted() == forwards.map { $0.request! }.sorted())
        let numbers: [Int64] = sends.map { $0.call! }
        #expect(Set(numbers).count == sends.count)
    }
}
