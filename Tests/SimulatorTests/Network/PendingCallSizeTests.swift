import Testing
@testable import Simulator

/// A call's size: the caller's process (``PendingCall/callerProcess``, s80) went into four bytes
/// of padding, so a call takes 312 bytes as before (320 with it as a `UInt64`). Read from the
/// class's metadata (its instance size, 24 bytes in where there is no Objective-C runtime, as
/// here), which `class_getInstanceSize` reads on Apple platforms.
struct PendingCallSizeTests {
    /// The instance size in `object`'s class metadata.
    static func instanceSize(_ object: AnyObject) -> UInt32 {
        Unmanaged.passUnretained(object).toOpaque().load(as: UnsafeRawPointer.self).load(fromByteOffset: 24, as: UInt32.self)
    }

    final class OneWord { var word: UInt64 = 0 }

    @Test func aCallTakesThreeHundredAndTwelveBytes() {
        // The reading checked on a class of known size: a header of 16 bytes and one word.
        #expect(Self.instanceSize(OneWord()) == 24)
        let call = PendingCall<Response>(network: Network(simulation: Simulation(seed: 1)), from: "a", to: "b",
                                         handler: .task { Response(status: 200, server: "b") }, waiter: nil)
        #expect(Self.instanceSize(call) == 312)
    }
}
