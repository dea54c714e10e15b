import Testing

@testable import Simulator

/// Counts how many of its instances are alive.
private final class Tracked {
    nonisolated(unsafe) static var alive = 0
    let label: String
    init(_ label: String) { self.label = label; Tracked.alive += 1 }
    deinit { Tracked.alive -= 1 }
}

/// A value larger than the room's six words, so that it is boxed.
private struct Large: Equatable {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4, 5, 6, 7)
    var text: String
    static func == (a: Large, b: Large) -> Bool {
        a.text == b.text && withUnsafeBytes(of: a.words) { x in withUnsafeBytes(of: b.words) { y in x.elementsEqual(y) } }
    }
}

@Suite(.serialized)
struct AnswerRoomTests {
    @Test
    func aResponseLivesInTheWordsAndALargerValueInABox() {
        #expect(AnswerRoom.holdsInline(Response.self))
        #expect(AnswerRoom.holdsInline(Bool.self))
        #expect(AnswerRoom.holdsInline(Result<Int, NetworkError>.self))
        #expect(!AnswerRoom.holdsInline(Large.self))
        #expect(MemoryLayout<AnswerRoom>.size == 48)
    }

    @Test
    func aResponseIsCopiedMovedAndDestroyedWhole() {
        let response = Response(status: 201, server: NodeID("Server 7"), body: String(repeating: "body ", count: 20))
        var room = AnswerRoom()
        room.initialize(to: response)
        #expect(room.copy(as: Response.self) == response)
        #expect(room.copy(as: Response.self) == response)
        #expect(room.move(as: Response.self) == response)
        room.initialize(to: Response(status: 503, server: NodeID("Server 8")))
        #expect(room.copy(as: Response.self).status == 503)
        room.deinitialize(as: Response.self)
    }

    @Test
    func referencesHeldInTheRoomAreReleasedByMoveAndDeinitialize() {
        Tracked.alive = 0
        var room = AnswerRoom()
        room.initialize(to: Tracked("inline"))
        #expect(Tracked.alive == 1)
        #expect(room.copy(as: Tracked.self).label == "inline")
        #expect(Tracked.alive == 1)
        room.deinitialize(as: Tracked.self)
        #expect(Tracked.alive == 0)

        room.initialize(to: (Tracked("boxed"), Large(text: "x")))
        #expect(Tracked.alive == 1)
        do {
            let taken = room.move(as: (Tracked, Large).self)
            #expect(taken.0.label == "boxed" && taken.1 == Large(text: "x"))
        }
        #expect(Tracked.alive == 0)
    }

    @Test
    func aBoxedValueIsCopiedMovedAndDestroyedWhole() {
        let large = Large(text: String(repeating: "long text ", count: 10))
        var room = AnswerRoom()
        room.initialize(to: large)
        #expect(room.copy(as: Large.self) == large)
        #expect(room.move(as: Large.self) == large)
        room.initialize(to: Large(words: (9, 9, 9, 9, 9, 9, 9), text: "y"))
        #expect(room.copy(as: Large.self) == Large(words: (9, 9, 9, 9, 9, 9, 9), text: "y"))
        room.deinitialize(as: Large.self)
    }
}
