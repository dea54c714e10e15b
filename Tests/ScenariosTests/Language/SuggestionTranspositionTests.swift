import Testing
@testable import Scenarios

/// Two adjacent letters swapped are one edit (optimal string alignment), so the commonest typo
/// gets its "did you mean".
struct SuggestionTranspositionTests {
    @Test(arguments: [("usres", "users"), ("crahs", "crash"), ("hael", "heal")])
    func aTranspositionIsOneEdit(typo: String, word: String) {
        #expect(Suggestion.editDistance(typo, word) == 1)
    }

    @Test func otherEditsCountAsBefore() {
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("ab", "ba") == 1)
        // Optimal string alignment edits no substring twice: "ca" → "abc" stays 3.
        #expect(Suggestion.editDistance("ca", "abc") == 3)
    }

    @Test func workloadUsresSuggestsUsers() {
        let text = "run: {duration: 5s}\nservers: [{name: s}]\nworkload: {type: closed_loop, usres: 2}\n"
        #expect(loadError(text, file: "s.yaml")?.description == "s.yaml:3:31: error: unknown key 'usres'; did you mean 'users'? (at workload)")
    }

    @Test func faultCrahsSuggestsCrash() {
        let text = "run: {duration: 5s}\nservers: [{name: s, count: 2}]\nworkload: {type: closed_loop, users: 2}\nfaults: [{at: 1s, crahs: s1}]\n"
        #expect(loadError(text, file: "s.yaml")?.description == "s.yaml:4:19: error: unknown key 'crahs'; did you mean 'crash'? (at faults.[0])")
    }

    @Test func faultHaelSuggestsHeal() {
        let text = "run: {duration: 5s}\nservers: [{name: s, count: 2}]\nworkload: {type: closed_loop, users: 2}\nfaults: [{at: 1s, hael: true}]\n"
        #expect(loadError(text, file: "s.yaml")?.description == "s.yaml:4:19: error: unknown key 'hael'; did you mean 'heal'? (at faults.[0])")
    }
}
