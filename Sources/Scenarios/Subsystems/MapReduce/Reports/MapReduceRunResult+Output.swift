import Foundation
import Simulator

extension MapReduceRunResult {
    /// The output as raw bytes, `key<TAB>value<LF>` per record sorted by key: exactly what the
    /// reduce tasks produced, invalid UTF-8 included.
    static func tsv(_ output: MapReduce.Output) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(output.byteCount + 2 * output.records.count)
        for record in output.records {
            bytes += record.key
            bytes.append(UInt8(ascii: "\t"))
            bytes += record.value
            bytes.append(UInt8(ascii: "\n"))
        }
        return Data(bytes)
    }
}
