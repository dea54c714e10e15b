import Testing
@testable import Scenarios

/// The keepalive experiment's one-line summary (`orrery experiment --list`, `--help`) is written
/// before any file is read: it named "seed 003's keepalive 32" whatever pool the file set
/// (builder BP, session 80). The file's pool is named as the file's; the experiment's own pools
/// come from their settings.
struct KeepaliveSummaryTests {
    @Test func theSummaryNamesTheFilesPoolAsTheFiles() {
        #expect(KeepaliveExperiment.summary == "connection setups per request and the latency keepalive pools save: no pooling, TLS, the file's keepalive pool, seed 004's 64/100/60s, keepalive 4 and 1 (smaller pools), bursts")
        #expect(!KeepaliveExperiment.summary.contains("32"))
    }
}
