extension MapReduce {
    /// How word-based jobs cut a line into words, byte by byte.
    ///
    /// A word is a maximal run of ASCII letters, ASCII digits and bytes ≥ 0x80. ASCII spaces and
    /// punctuation separate words; every non-ASCII byte — a UTF-8 letter or an invalid byte alike —
    /// belongs to a word, so UTF-8 words stay whole and no input can make tokenizing fail. Case is
    /// kept (`Error` and `ERROR` are different words), as in Hadoop's WordCount.
    public enum Words {
        /// Whether `byte` belongs to a word.
        @inline(__always)
        public static func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
        }

        /// Calls `body` with each word of `line`, in order, as a slice of the line.
        ///
        /// - Complexity: O(line length); does not allocate.
        @inline(__always)
        public static func forEach(in line: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) throws -> Void) rethrows {
            var index = line.startIndex
            let end = line.endIndex
            while index < end {
                while index < end, !isWordByte(line[index]) { index += 1 }
                let start = index
                while index < end, isWordByte(line[index]) { index += 1 }
                if start < index { try body(line[start..<index]) }
            }
        }
    }
}
