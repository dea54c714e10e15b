/// Room for a call's answer in a field whose type does not depend on the answer's type.
///
/// Freeing an object of a generic class destroys its fields in unspecialised code, which looks up
/// the generic metadata of every field type that depends on the class's parameters: a call's
/// `Optional<Response>` field cost a lookup in the runtime's metadata cache and a destruction
/// through value witnesses for every call freed (about 1.5 % of A-4). The room is six trivial
/// words: the answer lives in them when it fits (a ``Response``, 48 bytes, does), else in a box
/// they point to. The room does not know whether it holds an answer, nor its type: its owner
/// keeps both, and destroys what it holds in code specialised for the answer's type.
struct AnswerRoom {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)

    /// A value that does not fit in the room's words, which hold a reference to it.
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Whether a `Value` lives in the words themselves (decided at compile time once specialised).
    @inline(__always)
    static func holdsInline<Value>(_: Value.Type) -> Bool {
        MemoryLayout<Value>.size <= MemoryLayout<AnswerRoom>.size
            && MemoryLayout<Value>.alignment <= MemoryLayout<AnswerRoom>.alignment
    }

    /// Puts `value` in the room, which must be empty.
    @inline(__always)
    mutating func initialize<Value>(to value: consuming Value) {
        // Moved in, not copied: the closure below cannot consume a parameter it captures, but
        // it can take the value out of a local.
        var incoming = Optional(value)
        withUnsafeMutableBytes(of: &words) { raw in
            let value = incoming.take().unsafelyUnwrapped
            if Self.holdsInline(Value.self) {
                raw.baseAddress!.bindMemory(to: Value.self, capacity: 1).initialize(to: value)
            } else {
                raw.storeBytes(of: Unmanaged.passRetained(Box(value)).toOpaque(), as: UnsafeMutableRawPointer.self)
            }
        }
    }

    /// A copy of the `Value` the room holds.
    @inline(__always)
    func copy<Value>(as _: Value.Type) -> Value {
        withUnsafeBytes(of: words) { raw in
            if Self.holdsInline(Value.self) {
                return raw.baseAddress!.assumingMemoryBound(to: Value.self).pointee
            }
            return Self.box(of: Value.self, at: raw.baseAddress!).takeUnretainedValue().value
        }
    }

    /// Takes the `Value` the room holds out of it, leaving it empty.
    @inline(__always)
    mutating func move<Value>(as _: Value.Type) -> Value {
        withUnsafeMutableBytes(of: &words) { raw in
            if Self.holdsInline(Value.self) {
                return raw.baseAddress!.assumingMemoryBound(to: Value.self).move()
            }
            return Self.box(of: Value.self, at: UnsafeRawPointer(raw.baseAddress!)).takeRetainedValue().value
        }
    }

    /// Destroys the `Value` the room holds, leaving it empty.
    @inline(__always)
    mutating func deinitialize<Value>(as _: Value.Type) {
        withUnsafeMutableBytes(of: &words) { raw in
            if Self.holdsInline(Value.self) {
                raw.baseAddress!.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
            } else {
                Self.box(of: Value.self, at: UnsafeRawPointer(raw.baseAddress!)).release()
            }
        }
    }

    @inline(__always)
    private static func box<Value>(of _: Value.Type, at address: UnsafeRawPointer) -> Unmanaged<Box<Value>> {
        Unmanaged.fromOpaque(address.load(as: UnsafeRawPointer.self))
    }
}
