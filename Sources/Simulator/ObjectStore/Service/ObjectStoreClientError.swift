/// Why a request to the object store failed, as its client sees it.
public enum ObjectStoreClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store answered with an S3 error.
    case s3(S3Error)
    /// No answer: a timeout, a partition, or a store that is booting.
    case network(NetworkError)

    /// Whether retrying can help: 500 and 503 answers (including `SlowDown`) and every network
    /// failure. Other S3 errors (404, 409, 412, …) will be the same on every try.
    public var isRetryable: Bool {
        switch self {
        case .s3(let error): error.httpStatus == 500 || error.httpStatus == 503
        case .network: true
        }
    }

    /// The S3 error code, when the store answered.
    public var code: S3ErrorCode? {
        if case .s3(let error) = self { error.code } else { nil }
    }

    /// `NoSuchKey (404): …` or `network: timeout`.
    public var description: String {
        switch self {
        case .s3(let error): error.description
        case .network(let error): "network: \(error)"
        }
    }
}
