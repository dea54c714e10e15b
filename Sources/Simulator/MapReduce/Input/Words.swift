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
        /// - Complexity: O(line length); does not allocate.
        @inline(__always)
        public static func forEach(in line: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
            guard let base = line.baseAddress else { return }
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            var index = 0
            let end = line.count
            while index < end {
                while index < end, !isWordByte(bytes[index]) { index += 1 }
                let start = index
                while index < end, isWordByte(bytes[index]) { index += 1 }
                if start < index { try body(UnsafeRawBufferPointer(start: base + start, count: index - start)) }
            }
        }
    }
}
