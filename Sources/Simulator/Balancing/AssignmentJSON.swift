/// The JSON bodies of the customizable load balancer, byte for byte in the original's shape
/// (Python's `json.dumps` defaults: `", "` between items, `": "` after keys, keys in the order
/// the original writes them).
public enum AssignmentJSON {
    /// `{"message": "<text>", "status": "<status>"}`.
    public static func message(_ text: String, status: String) -> String {
        "{\"message\": \(JSONText.quote(text)), \"status\": \(JSONText.quote(status))}"
    }

    /// `{"message": {"N": 3, "replicas": ["Server 1", …]}, "status": "successful"}`.
    public static func replicas(_ hostnames: [String]) -> String {
        let list = hostnames.map(JSONText.quote).joined(separator: ", ")
        return "{\"message\": {\"N\": \(hostnames.count), \"replicas\": [\(list)]}, \"status\": \"successful\"}"
    }

    /// `{"message": "<Error> …", "status": "failure"}`.
    public static func error(_ text: String) -> String {
        message("<Error> \(text)", status: "failure")
    }
}
