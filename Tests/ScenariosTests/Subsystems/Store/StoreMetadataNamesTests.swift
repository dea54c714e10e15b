import Testing
@testable import Scenarios
@testable import Simulator

/// S3 lowercases user metadata names, so two names equal in lowercase are one: the store kept
/// the value the dictionary's order gave last, which differs between processes (Swift seeds its
/// hashing per process). The loader refuses the pair; the store, given one, keeps the later
/// name's value by bytes.
@Suite("Store: metadata names one in lowercase")
struct StoreMetadataNamesTests {
    @Test func twoNamesEqualInLowercaseAreRefusedWhereTheSecondStands() {
        #expect {
            _ = try ScenarioLoader.parse("""
                object_store:
                  buckets: [{name: bkt}]
                operations:
                  - put: {bucket: bkt, key: k, body: x, metadata: {Owner: me, OWNER: you}}
                """, file: "meta.yaml")
        } throws: { error in
            "\(error)" == "meta.yaml:4:63: error: metadata names 'Owner' and 'OWNER' are one name to S3, which lowercases them; keep one (at operations.[0].put.metadata.OWNER)"
        }
    }

    @Test func theStoreKeepsTheLaterNameByBytesWhateverTheOrder() throws {
        let attributes = ObjectWriteAttributes(metadata: ["owner": "c", "Owner": "a", "OWNER": "b"])
        // By bytes: "OWNER" < "Owner" < "owner": the last, "owner", stands.
        #expect(try attributes.validatedMetadata() == ["owner": "c"])
    }
}
