/// A value of a report's JSON that is written as `null` when absent, where a synthesized
/// `Encodable` leaves an optional's key out: a sweep's `report.json` keeps every key of a metric
/// (`"standardDeviation": null` for one sample, whose spread is undefined).
struct Nullable<Wrapped: Encodable>: Encodable {
    var value: Wrapped?

    init(_ value: Wrapped?) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
