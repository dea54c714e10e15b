import Reports

/// The Simulator's own sentences as a report quotes them. The Simulator writes a duration inside
/// its text as `VirtualInstant.formattedSeconds` does, without a space before the unit (`lost:
/// no heartbeat for 10.000s`, `answered late at 7.695s`), and keeps that text: it is the trace's
/// too, which the digest folds. A report writes every duration as ``DurationFormat`` does
/// (`10.000 s`, `3,606.000 s`), so where one quotes the Simulator it quotes it through here.
enum SimulatorDurationText {
    /// `text` with every `<digits>.<three digits>s` that stands alone (not inside a word or a
    /// longer number) written as ``DurationFormat/seconds(_:grouping:decimals:)`` writes it:
    /// `no heartbeat for 10.000s` is `no heartbeat for 10.000 s`. Other text is kept as it is.
    static func reportable(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            if let end = durationEnd(in: characters, from: index),
               let seconds = Double(String(characters[index..<end - 1])) {
                out += DurationFormat.seconds(seconds, grouping: true)
                index = end
            } else {
                out.append(characters[index])
                index += 1
            }
        }
        return out
    }

    /// The index just past a duration as the Simulator writes it (`10.000s`) that starts at
    /// `start`, or nil when none does.
    private static func durationEnd(in characters: [Character], from start: Int) -> Int? {
        func isDigit(_ index: Int) -> Bool { index < characters.count && characters[index].isASCII && characters[index].isNumber }
        func isWord(_ index: Int) -> Bool {
            index >= 0 && index < characters.count && (characters[index].isLetter || characters[index].isNumber || characters[index] == "_")
        }
        // Not the tail of a longer number (`1,000.000s`) or a word (`v1.000s`); a sentence's
        // full stop or comma may follow.
        guard isDigit(start), !isWord(start - 1), start == 0 || (characters[start - 1] != "." && characters[start - 1] != ",") else { return nil }
        var index = start
        while isDigit(index) { index += 1 }
        guard index < characters.count, characters[index] == "." else { return nil }
        let fraction = index + 1
        guard isDigit(fraction), isDigit(fraction + 1), isDigit(fraction + 2), !isDigit(fraction + 3),
              fraction + 3 < characters.count, characters[fraction + 3] == "s", !isWord(fraction + 4) else { return nil }
        return fraction + 4
    }
}
