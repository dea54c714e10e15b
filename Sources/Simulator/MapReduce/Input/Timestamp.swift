extension MapReduce {
    /// UTC timestamps of log lines in the fixed ISO 8601 form `YYYY-MM-DDTHH:MM:SS.mmmZ`, as
    /// milliseconds since the Unix epoch. The text form sorts in time order, so window keys
    /// rendered with it come out of the job in chronological order.
    public enum Timestamp {
        /// Milliseconds since the epoch of a timestamp, or nil if `text` is not exactly one.
        ///
        /// - Complexity: O(1); does not allocate.
        public static func parse(_ text: ArraySlice<UInt8>) -> Int64? {
            guard text.count == 24 else { return nil }
            let s = text.startIndex
            func digits(_ offset: Int, _ count: Int) -> Int64? {
                var value: Int64 = 0
                for i in 0..<count {
                    let byte = text[s + offset + i]
                    guard byte >= 0x30, byte <= 0x39 else { return nil }
                    value = value * 10 + Int64(byte - 0x30)
                }
                return value
            }
            let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z")]
            for (offset, separator) in separators where text[s + offset] != separator.asciiValue! { return nil }
            guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let hour = digits(11, 2),
                  let minute = digits(14, 2), let second = digits(17, 2), let millis = digits(20, 3),
                  (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
                  hour < 24, minute < 60, second < 60 else { return nil }
            let days = daysFromCivil(year: year, month: month, day: day)
            return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
        }

        /// The timestamp text of `milliseconds` since the epoch: years 0000…9999 in the fixed
        /// form, and a year before 0000 — a sliding window starting before a line of year 0000,
        /// which ``parse(_:)`` accepts — in ISO 8601's expanded form, its sign before four
        /// digits: `-0001-12-31T23:59:45.000Z`, which sorts before every year 0000 key.
        public static func render(_ milliseconds: Int64) -> String {
            var bytes = Bytes()
            bytes.reserveCapacity(24)
            append(milliseconds, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Appends the timestamp text of `milliseconds` since the epoch to `buffer`, byte by byte
        /// (the synthetic log writes one per line).
        public static func append(_ milliseconds: Int64, to buffer: inout Bytes) {
            let days = floorDivide(milliseconds, 86_400_000)
            let inDay = milliseconds - days * 86_400_000
            let (year, month, day) = civil(fromDays: days)
            // `DecimalText` pads before the sign (`00-1`): the expanded form's sign goes first.
            if year < 0 { buffer.append(UInt8(ascii: "-")) }
            DecimalText.append(Int64(year.magnitude), width: 4, to: &buffer)
            buffer.append(UInt8(ascii: "-"))
            DecimalText.append(month, width: 2, to: &buffer)
            buffer.append(UInt8(ascii: "-"))
            DecimalText.append(day, width: 2, to: &buffer)
            buffer.append(UInt8(ascii: "T"))
            DecimalText.append(inDay / 3_600_000, width: 2, to: &buffer)
            buffer.append(UInt8(ascii: ":"))
            DecimalText.append(inDay / 60_000 % 60, width: 2, to: &buffer)
            buffer.append(UInt8(ascii: ":"))
            DecimalText.append(inDay / 1000 % 60, width: 2, to: &buffer)
            buffer.append(UInt8(ascii: "."))
            DecimalText.append(inDay % 1000, width: 3, to: &buffer)
            buffer.append(UInt8(ascii: "Z"))
        }

        /// Rounds down to a multiple of `step` (also for negative times).
        public static func floorDivide(_ value: Int64, _ step: Int64) -> Int64 {
            let quotient = value / step
            return (value % step != 0 && (value < 0) != (step < 0)) ? quotient - 1 : quotient
        }

        static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

        static func daysIn(month: Int64, year: Int64) -> Int64 {
            switch month {
            case 2: return isLeap(year) ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }

        /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
        static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
            let y = month <= 2 ? year - 1 : year
            let era = floorDivide(y, 400)
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        /// The proleptic Gregorian date of a day count since 1970-01-01.
        static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
            let z = days + 719_468
            let era = floorDivide(z, 146_097)
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let mp = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * mp + 2) / 5 + 1
            let month = mp < 10 ? mp + 3 : mp - 9
            return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
        }
    }
}
