/// A non-escaping closure lent to other threads for the length of a call
/// (`withoutActuallyEscaping`): they reach it through this box, which the lender empties once every
/// thread is done with it and before it returns. A started `Thread` (or a queued world) keeps what
/// it captured until it is freed, after it has signalled that it is done; had it captured the
/// closure itself, the closure would still be referenced when `withoutActuallyEscaping` checks it
/// did not escape.
///
/// `@unchecked Sendable`: set before the threads start and emptied after they finish; in between
/// only read.
final class LentClosure: @unchecked Sendable {
    private var body: (@Sendable (Int) -> Void)?

    init(_ body: @escaping @Sendable (Int) -> Void) { self.body = body }

    /// Calls the closure with `index`; only before ``empty()``.
    func callAsFunction(_ index: Int) { body!(index) }

    /// Drops the closure, once every thread has called it for the last time.
    func empty() { body = nil }
}
