/// The JSON bodies of the customizable load balancer, byte for byte in the original's shape
/// (Python's `json.dumps` defaults: `", "` between items, `": "` after keys, keys in the order
/// the original writes them).
public enum AssignmentJSON {
    /// `{"message": "<text>", "status": "<status>"}`.
    public static func message(_ text: String, status: String) -> String {
        "{\"message\": \(quote(text)), \"status\": \(quote(status))}"
    }

    /// `{"message": {"N": 3, "replicas": ["Server 1", …]}, "status": "successful"}`.
    public static func replicas(_ hostnames: [String]) -> String {
        let list = hostnames.map(quote).joined(separator: ", ")
        return "{\"message\": {\"N\": \(hostnames.count), \"replicas\": [\(list)]}, \"status\": \"successful\"}"
    }

    /// `{"message": "<Error> …", "status": "failure"}`.
    public static func error(_ text: String) -> String {
        message("<Error> \(text)", status: "failure")
    }

    /// A JSON string literal (escapes quotes, backslashes and control characters).
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
