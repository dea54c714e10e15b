import Testing
@testable import Scenarios

/// A long world's per-second figures are held for every virtual second and written into its
/// report: measured at 74.6 bytes a second with one server and 129 with nine, where the estimate
/// counted 40 and 104, so 20,000 virtual hours of one server (4.59 GB at its peak) passed a 4 GiB
/// budget. The refusal points at the key that sets the horizon, not at `run:`.
struct LongWorldBudgetTests {
    /// The loader's refusal of `text` as `h.yaml`, as ``HostileInputTests`` reads it.
    static func error(_ text: String) -> String? { HostileInputTests.error(text) }

    @Test func twentyThousandHoursOfOneServerAreRefusedAtTheDuration() {
        // (80 + 8 × 1) bytes × 72,000,000 s = 5.9 GiB.
        #expect(Self.error("name: sparse\nrun: {duration: 20000h}\nservers: [{name: s}]\nworkload: {type: open_loop, rate: 0.0001}\n")
            == "h.yaml:2:17: error: this world would hold about 5.9 GiB (mostly for 'run.duration'), more than the 4 GiB a run may use; make it smaller (at run.duration)")
        // 10,000 hours: 3.0 GiB, within the budget.
        #expect(Self.error("name: sparse\nrun: {duration: 10000h}\nservers: [{name: s}]\nworkload: {type: open_loop, rate: 0.0001}\n") == nil)
    }

    @Test func aFarTimeLimitIsRefusedWhereItIsWritten() {
        // 100 requests, but the clients' figures run to the time limit: 88 bytes × 3.6 × 10⁸ s = 29.5 GiB.
        #expect(Self.error("run: {requests: 100, time_limit: 100000h}\nservers: [{name: s}]\nworkload: {type: open_loop, rate: 1}\n")
            == "h.yaml:1:34: error: this world would hold about 29.5 GiB (mostly for 'run.time_limit'), more than the 4 GiB a run may use; make it smaller (at run.time_limit)")
    }
}
