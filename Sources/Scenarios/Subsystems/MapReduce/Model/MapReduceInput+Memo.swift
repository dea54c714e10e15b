import Synchronization
import Simulator

/// The documents of an input, built once, and the sequential oracle's output over them, computed
/// once per job: shared by every copy of the input — the runs of an experiment or of a sweep over
/// the same data. Each entry remembers what it was built from, so a copy whose files or synthetic
/// log were changed builds afresh; what a run sees never depends on whether the memo was warm.
final class InputMemo: Sendable {
    /// What the documents are made from.
    struct Source: Equatable {
        var files: [MapReduceInput.File]
        var synthetic: MapReduceInput.Synthetic?
    }

    /// The oracle's answer for one job: its output, or why its code threw.
    enum Oracle: Sendable {
        case output([MapReduce.Record])
        case failure(String)
    }

    private struct State {
        var source: Source?
        var documents: [MapReduce.Document] = []
        /// By job name and the partition count the records were tagged with.
        var oracles: [String: Oracle] = [:]
    }

    private let state = Mutex(State())

    /// The documents for `source`, built by `build` unless the memo holds them.
    func documents(for source: Source, build: () -> [MapReduce.Document]) -> [MapReduce.Document] {
        if let cached = state.withLock({ $0.source == source ? $0.documents : nil }) { return cached }
        let documents = build()
        state.withLock { $0 = State(source: source, documents: documents) }
        return documents
    }

    /// The oracle's answer for `key` over the documents of `source`, computed by `compute` unless held.
    func oracle(for source: Source, key: String, compute: () -> Oracle) -> Oracle {
        if let cached = state.withLock({ $0.source == source ? $0.oracles[key] : nil }) { return cached }
        let answer = compute()
        state.withLock { if $0.source == source { $0.oracles[key] = answer } }
        return answer
    }
}

extension MapReduceInput {
    /// What the documents are made from.
    var source: InputMemo.Source { InputMemo.Source(files: files, synthetic: synthetic) }

    /// The sequential output of `job` over this input's records (`records` must be this input's),
    /// or why its code threw — computed once per job and partition count for every copy of the input.
    func oracle(_ job: any MapReduce.Job, records: [MapReduce.InputRecord]) -> InputMemo.Oracle {
        memo.oracle(for: source, key: "\(job.name)/\(log?.partitions ?? 0)") {
            do { return .output(try job.reference(records)) } catch { return .failure(String(describing: error)) }
        }
    }
}
