import Testing
@testable import Simulator

/// Shared fixtures for the object-store tests.
enum ObjectStoreFixture {
    /// One virtual second, minute, hour and day in nanoseconds.
    static let second: Int64 = 1_000_000_000
    static let minute: Int64 = 60 * second
    static let hour: Int64 = 60 * minute
    static let day: Int64 = 24 * hour

    /// A store holding one bucket named "bucket", created at virtual time 0.
    static func storeWithBucket(_ name: String = "bucket", versioning: VersioningState = .unversioned) -> ObjectStoreState {
        var store = ObjectStoreState()
        do {
            try store.createBucket(name, now: 0)
            if versioning != .unversioned { try store.putBucketVersioning(name, versioning) }
        } catch {
            Issue.record("fixture setup failed: \(error)")
        }
        return store
    }
}

/// The UTF-8 bytes of `text`.
func s3Bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Runs `operation` expecting it to fail with `code`, and checks that the failure changed
/// nothing: the whole store must compare equal to a snapshot taken before the call.
@discardableResult
func expectS3Failure<Result>(
    _ store: inout ObjectStoreState, _ code: S3ErrorCode,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: (inout ObjectStoreState) throws -> Result
) -> S3Error? {
    let before = store
    do {
        _ = try operation(&store)
        Issue.record("expected \(code.rawValue), but the operation succeeded", sourceLocation: sourceLocation)
        return nil
    } catch {
        guard let error = error as? S3Error else {
            Issue.record("expected an S3Error, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(error.code == code, sourceLocation: sourceLocation)
        #expect(error.httpStatus == code.httpStatus, sourceLocation: sourceLocation)
        #expect(store == before, "a failed \(code.rawValue) changed the store", sourceLocation: sourceLocation)
        return error
    }
}

/// Runs `operation`, recording any S3 error as a test issue, and returns its result.
func expectS3Success<Result>(
    _ store: inout ObjectStoreState, sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: (inout ObjectStoreState) throws -> Result
) -> Result? {
    do {
        return try operation(&store)
    } catch {
        Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
