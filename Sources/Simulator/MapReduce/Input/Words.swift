extension MapReduce {
    /// How word-based jobs cut a line into words, byte by byte.
    ///
    /// A word is a maximal run of ASCII letters, ASCII digits and bytes ≥ 0x80. ASCII spaces and
    /// punctuation separate words; every non-ASCII byte — a UTF-8 letter or an invalid byte alike —
    /// belongs to a word, so UTF-8 words stay whole and no input can make tokenizing fail. Case is
    /// kept (`Error` and `ERROR` are different words), as in Hadoop's WordCount.
    public enum Words {
        /// Whether `byte` belongs to a word.
        ///
        /// An ASCII byte is looked up as one bit of a 128-bit set held in two constants (digits
        /// in the low word; upper- and lowercase letters in the high one): a shift and a test
        /// per byte instead of four range checks, on the loop that reads every input byte.
        @inline(__always)
        public static func isWordByte(_ byte: UInt8) -> Bool {
            let digits: UInt64 = 0x03FF_0000_0000_0000  // 0x30 ... 0x39
            let letters: UInt64 = 0x07FF_FFFE_07FF_FFFE  // 0x41 ... 0x5A and 0x61 ... 0x7A, less 64
            return byte >= 0x80 || ((byte < 0x40 ? digits : letters) >> UInt64(byte & 0x3F)) & 1 != 0
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

        /// Calls `body` with each word of `line`, in order, as raw bytes inside the line: the
        /// form the map side's hot loops use, free of a slice's bounds checks and of the
        /// reference counting that creating and dropping a slice costs per word.
        ///
        /// Reads the line eight bytes at a time: ``wordBytes(in:)`` marks which of the eight are
        /// word bytes, and the marks that differ from the byte before's are where words start and
        /// end — a few instructions per eight bytes and per word, instead of a test and a branch
        /// per byte.
        ///
        /// - Complexity: O(line length); does not allocate.
        @inline(__always)
        public static func forEach(in line: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
            guard let base = line.baseAddress else { return }
            let count = line.count
            var start = 0
            // The marks of the eight bytes read last: bit 63 says whether the byte before the
            // next eight belongs to a word (none before the line).
            var marks: UInt64 = 0
            var offset = 0
            // Bytes past the end read as zeros, which are not word bytes: a word that runs to the
            // end of the line ends at the first of them — read as eight more bytes, all past the
            // end, when the line's last eight bytes end in a word (so `body` is called in one
            // place, where it is inlined).
            while offset < count || marks >> 63 != 0 {
                let previous = marks
                marks = wordBytes(in: MapReduce.firstEightBytes(of: UnsafeRawBufferPointer(start: base + offset, count: min(8, count - offset))))
                var changes = marks ^ (marks << 8 | previous >> 56)
                while changes != 0 {
                    let bit = changes.trailingZeroBitCount
                    let position = offset + bit >> 3
                    if marks & (1 &<< bit) != 0 {
                        start = position
                    } else {
                        try body(UnsafeRawBufferPointer(start: base + start, count: position - start))
                    }
                    changes &= changes - 1
                }
                offset += 8
            }
        }

        /// Marks the word bytes among the eight bytes of `bytes` (byte *i* in bits 8*i* … 8*i* + 7):
        /// bit 8*i* + 7 of the result is set when byte *i* is a word byte (``isWordByte(_:)``), and
        /// no other bit is.
        ///
        /// Every byte's test runs at once in one integer: each of the eight low seven-bit values
        /// plus `0x80 - c` reaches its byte's top bit exactly when the value is at least `c`, and
        /// never carries into the next byte, so two such sums bound a range. Setting bit 5 maps
        /// the capitals onto the lowercase letters and nothing else onto them.
        @inline(__always)
        static func wordBytes(in bytes: UInt64) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let tops: UInt64 = 0x8080_8080_8080_8080
            let low = bytes & ~tops
            let folded = low | 0x20 &* ones
            func atLeast(_ value: UInt64, _ bound: UInt64) -> UInt64 { (value &+ (0x80 - bound) &* ones) & tops }
            let digits = atLeast(low, 0x30) & ~atLeast(low, 0x3A)
            let letters = atLeast(folded, 0x61) & ~atLeast(folded, 0x7B)
            return bytes & tops | digits | letters
        }
    }
}
