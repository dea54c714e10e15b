extension MapReduce {
    /// One record a map function sees: a line of a document, or the value of one log record.
    public struct InputRecord: Sendable {
        /// The document the line comes from (for log input: the log partition number).
        public let document: UInt32
        /// The line's bytes, without its `\n`.
        public let line: ArraySlice<UInt8>

        /// Creates an input record.
        public init(document: UInt32, line: ArraySlice<UInt8>) {
            self.document = document
            self.line = line
        }
    }
}
