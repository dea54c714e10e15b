extension Array {
    /// Replaces the contents with `count` elements, element `i` being `element(i)`, written
    /// straight into the storage, which is reused when it already holds `count` elements.
    ///
    /// The placements fill a block of keys' positions or nodes with it: appending checked the
    /// buffer's uniqueness and capacity at every key, a tenth of a rendezvous lookup.
    ///
    /// - Complexity: `count` calls of `element`; allocates only when `count` differs from the
    ///   current count (a key movement's last, shorter block, say).
    @inline(__always)
    mutating func overwrite(count: Int, with element: (Int) -> Element) {
        guard self.count == count else {
            self = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count { buffer.initializeElement(at: index, to: element(index)) }
                initialized = count
            }
            return
        }
        withUnsafeMutableBufferPointer { buffer in
            for index in 0..<count { buffer[index] = element(index) }
        }
    }
}
