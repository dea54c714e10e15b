import Testing
@testable import Simulator

/// A paused store does no work (the s78 checker's F2, for the store): its latency and transfers
/// stand still for the pause and go on for what was left at the resume, as a paused server's
/// service does — where the request ran through the pause and only its answer waited.
struct PausedStoreWorkTests {
    /// A bucket's creation arrives at 0.5 ms and takes 20 ms to its first byte; the store is
    /// paused from 10 ms for 100 ms, with 10.5 ms of it left: done at 120.5 ms, answered at
    /// 121 ms (it was answered at 110.5 ms, its work done during the pause).
    @Test func aPauseLengthensTheRequestInService() {
        let fixture = ObjectStoreServiceFixture()
        let client = fixture.client, sim = fixture.sim, network = fixture.network
        let elapsed = fixture.run { () -> Int64 in
            sim.schedule(after: .milliseconds(10)) { network.pause("s3", for: .milliseconds(100)) }
            try? await client.createBucket("bucket")
            return sim.now.nanoseconds
        }
        #expect(elapsed == 121_000_000)
    }
}
