/// The answer of a call whose handler answers with anything but a ``Response`` (a queue
/// broker's `Result`, an object store's reply, a MapReduce message), held as an existential so
/// that every such call is one concrete ``PendingCall`` type: `PendingCall<ErasedAnswer>`.
///
/// A call generic over its answer ran unspecialised, looking up the generic metadata of its
/// answer's `Result` and `Optional` at every timer and step and finding itself again by a dynamic
/// cast at every entry (a quarter of `experiment queue`'s samples). Erased, its code is
/// specialised like a server request's, and the answer's type is checked once, when the caller
/// takes it back (``Network/call(from:to:timeout:_:)``).
///
/// It costs allocations: the closure that wraps the handler, and a box for an answer larger than
/// an existential holds inline (three words; a broker's `Result` is larger) — about four more a
/// pair in the bench's queue through the network, whose pairs went from 196 K to 268 K a second.
struct ErasedAnswer: Sendable {
    let value: any Sendable
}

/// The answer types whose calls the entry points of ``PendingCall`` run in specialised code.
enum CallAnswerType: UInt8 {
    /// ``Response``: every request to a server or a balancer.
    case response
    /// ``ErasedAnswer``: every other call made with a closure.
    case erased
    /// Any other type: unspecialised code (no call of the simulator's is made with one).
    case other

    /// The type of answer `Answer` is.
    static func of<Answer>(_: Answer.Type) -> Self {
        if Answer.self == Response.self { return .response }
        return Answer.self == ErasedAnswer.self ? .erased : .other
    }
}
