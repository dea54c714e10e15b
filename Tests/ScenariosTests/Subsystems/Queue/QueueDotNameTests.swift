import Testing
@testable import Scenarios

/// Kafka's `Topic.validate` refuses the topics `.` and `..`; they loaded and ran, although the
/// README says a queue's names take Kafka's topic rule. A name holding dots among other
/// characters is still a name.
struct QueueDotNameTests {
    @Test(arguments: [".", ".."])
    func aTopicNamedDotOrDotDotIsRefused(_ name: String) {
        #expect(experimentError("experiment: queue\nqueue:\n  topics: [{name: '\(name)', partitions: 1}]\n")?.description
            == "x.yaml:3:19: error: a name cannot be '.' or '..', as Kafka's Topic.validate refuses them (at queue.topics.[0].name)")
    }

    @Test func aProducerNamedDotDotIsRefusedAlike() {
        #expect(experimentError(QueueExperimentTests.header + "  producers: [{name: '..', to: ['T1:*'], messages: 10, rate: 1}]\n")?.description
            == "x.yaml:4:22: error: a name cannot be '.' or '..', as Kafka's Topic.validate refuses them (at queue.producers.[0].name)")
    }

    @Test func dotsAmongOtherCharactersAreAccepted() {
        #expect(experimentError("experiment: queue\nqueue:\n  topics: [{name: '...', partitions: 1}, {name: a.b, partitions: 1}]\n") == nil)
    }

    /// Kafka refuses a topic whose name differs from another's only by '.' and '_' (checker V,
    /// s80: `a.b` and `a_b` both loaded).
    @Test func topicsThatDifferOnlyByDotAndUnderscoreCollide() {
        #expect(experimentError("experiment: queue\nqueue:\n  topics: [{name: a.b, partitions: 1}, {name: a_b, partitions: 1}]\n")?.description
            == "x.yaml:3:47: error: topic 'a_b' collides with topic 'a.b': Kafka refuses names that differ only by '.' and '_' (at queue.topics.[1].name)")
    }
}
