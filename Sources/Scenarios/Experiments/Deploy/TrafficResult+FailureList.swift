import Reports
import Simulator

extension TrafficResult {
    /// The failed requests by what the clients got, largest first: `["13,868 answered 503",
    /// "12 timed out"]`; empty when none failed. The keepalive and deploy reports say what failed
    /// from these rather than assuming a cause.
    var failureParts: [String] {
        var parts: [(count: Int, text: String)] = statusFailures.map { ($0.count, "\(NumberFormat.integer($0.count)) answered \($0.status)") }
        if timeouts > 0 { parts.append((timeouts, "\(NumberFormat.integer(timeouts)) timed out")) }
        if refused > 0 { parts.append((refused, "\(NumberFormat.integer(refused)) refused")) }
        if unreachable > 0 { parts.append((unreachable, "\(NumberFormat.integer(unreachable)) unreachable")) }
        return parts.enumerated().sorted { $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset }.map(\.element.text)
    }

    /// Failed requests answered `status`.
    func failures(status: Int) -> Int {
        statusFailures.first { $0.status == status }?.count ?? 0
    }
}

extension RetryConditions {
    /// What the balancer retries, as prose: `connection errors and timeouts`.
    var prose: String {
        var words: [String] = []
        if contains(.error) { words.append("connection errors") }
        if contains(.timeout) { words.append("timeouts") }
        if isSuperset(of: .http5xx) {
            words.append("every 5xx answer")
        } else {
            let statuses: [(RetryConditions, String)] = [(.http500, "500"), (.http502, "502"), (.http503, "503"), (.http504, "504")]
            let listed = statuses.filter { contains($0.0) }.map(\.1)
            if !listed.isEmpty { words.append(listed.joined(separator: ", ") + " answers") }
            if contains(.otherHTTP5xx) { words.append("other 5xx answers") }
        }
        if contains(.http404) { words.append("404 answers") }
        guard let last = words.popLast() else { return "nothing" }
        return words.isEmpty ? last : words.joined(separator: ", ") + " and " + last
    }
}
