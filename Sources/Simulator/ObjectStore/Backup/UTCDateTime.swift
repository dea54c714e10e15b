/// A calendar date and time in UTC, for naming backups after the virtual instant they were taken.
///
/// Foundation's calendars are not available in the simulator (and would bring the host's time
/// zone database into a deterministic run), so the conversion is Howard Hinnant's proleptic
/// Gregorian `civil_from_days` / `days_from_civil`, exact for every Unix time.
public struct UTCDateTime: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// 1…12.
    public let month: Int
    /// 1…31.
    public let day: Int
    /// 0…23.
    public let hour: Int
    /// 0…59.
    public let minute: Int
    /// 0…59.
    public let second: Int

    /// The date and time of Unix time `unixSeconds`.
    public init(unixSeconds: Int64) {
        let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
        let secondOfDay = Int(unixSeconds - days * 86_400)
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        self.month = month
        day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    /// The date and time of virtual instant `nanoseconds` when virtual 0 is Unix time `epochUnixSeconds`.
    public init(virtualNanoseconds nanoseconds: Int64, epochUnixSeconds: Int64) {
        let seconds = nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : (nanoseconds - 999_999_999) / 1_000_000_000
        self.init(unixSeconds: epochUnixSeconds + seconds)
    }

    /// Parses `YYYY-MM-DD-HH-MM-SS`; nil for anything else, including impossible dates.
    public init?(backupName: String) {
        let fields = backupName.split(separator: "-", omittingEmptySubsequences: false)
        let widths = [4, 2, 2, 2, 2, 2]
        guard fields.count == 6, zip(fields, widths).allSatisfy({ $0.utf8.count == $1 && $0.utf8.allSatisfy { (48...57).contains($0) } }) else { return nil }
        let numbers = fields.compactMap { Int($0) }
        guard numbers.count == 6 else { return nil }
        let parsed = UTCDateTime(unixSeconds: UTCDateTime.unixSeconds(year: numbers[0], month: numbers[1], day: numbers[2])
                                 + Int64(numbers[3] * 3600 + numbers[4] * 60 + numbers[5]))
        guard [parsed.year, parsed.month, parsed.day, parsed.hour, parsed.minute, parsed.second] == numbers else { return nil }
        self = parsed
    }

    /// Unix time of this date and time.
    public var unixSeconds: Int64 {
        UTCDateTime.unixSeconds(year: year, month: month, day: day) + Int64(hour * 3600 + minute * 60 + second)
    }

    /// `YYYY-MM-DD-HH-MM-SS`, the seed's backup folder name.
    public var backupName: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))-\(pad(hour, 2))-\(pad(minute, 2))-\(pad(second, 2))"
    }

    /// ISO 8601, `2026-01-01T02:00:00Z`.
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))Z"
    }

    public static func < (lhs: UTCDateTime, rhs: UTCDateTime) -> Bool { lhs.unixSeconds < rhs.unixSeconds }

    /// Unix time of midnight UTC starting the given civil date.
    private static func unixSeconds(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return (era * 146_097 + dayOfEra - 719_468) * 86_400
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
