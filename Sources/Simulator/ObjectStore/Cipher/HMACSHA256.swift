/// HMAC-SHA256 (RFC 2104) under one key: the pseudo-random function ``ObjectStoreCipher``
/// derives every data key and nonce with, so distinct labels and sequence numbers give
/// independent values.
///
/// The key's two padded blocks, K ⊕ ipad and K ⊕ opad, are compressed once when the key is set,
/// so each code costs the compression of the message and of the inner digest: two blocks for the
/// short labels Orrery authenticates, where hashing the padded key again would make it four. The
/// tests check it against RFC 4231's test cases.
struct HMACSHA256: Equatable {
    /// SHA-256's state after absorbing K ⊕ ipad.
    private let innerState: SHA256.State
    /// SHA-256's state after absorbing K ⊕ opad.
    private let outerState: SHA256.State

    /// Prepares `key`: zero-padded to a block or, if longer than a block, its SHA-256 digest
    /// zero-padded.
    init(key: [UInt8]) {
        var paddedKey = key.count > SHA256.blockByteCount ? SHA256.hash(key) : key
        paddedKey += repeatElement(0, count: SHA256.blockByteCount - paddedKey.count)
        func absorbed(_ pad: UInt8) -> SHA256.State {
            var state = SHA256.State()
            paddedKey.map { $0 ^ pad }.withUnsafeBytes { SHA256.compress(&state, $0.baseAddress!) }
            return state
        }
        innerState = absorbed(0x36)
        outerState = absorbed(0x5c)
    }

    /// H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ message)).
    ///
    /// - Complexity: O(*n*).
    func authenticationCode(for message: [UInt8]) -> [UInt8] {
        let inner = SHA256.hash(message, continuing: innerState, after: SHA256.blockByteCount)
        return SHA256.hash(inner, continuing: outerState, after: SHA256.blockByteCount)
    }
}
