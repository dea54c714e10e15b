@testable import Simulator

/// One swarm writer: a client host that owns four keys of the versioned bucket and a few keys of
/// the lifecycle bucket, writes and deletes them in a seeded order, and checks every acknowledged
/// write by reading it straight back.
struct ChaosWriter: Sendable {
    let name: String
    let client: ObjectStoreClient
    let ledger: ChaosLedger
    let operations: Int

    func run(simulation: Simulation) async {
        var random = simulation.randomStream("swarm.\(name)")
        for step in 0..<operations {
            let key = "\(name)/k\(random.next() % 4)"
            let draw = random.nextUnitInterval()
            if draw < 0.55 {
                let bytes = (0..<Int(8 + random.next() % 57)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                await write(key, bytes: bytes)
            } else if draw < 0.7 {
                await write(key, bytes: nil)
            } else if draw < 0.8 {
                await deleteOlderVersion(of: key, random: &random)
            } else {
                let scratchKey = "tmp/\(name)-\(step)"
                let bytes = Array("\(name) step \(step)".utf8)
                if (try? await client.putObject(bucket: "scratch", key: scratchKey, body: bytes)) != nil {
                    ledger.scratch[scratchKey] = bytes
                }
            }
            await simulation.sleep(for: .nanoseconds(Int64(random.next() % 300_000_000)))
        }
    }

    /// A put (`bytes`) or a delete (nil) of `key`, then a read that must see it.
    private func write(_ key: String, bytes: [UInt8]?) async {
        let index = ledger.writes[key, default: []].count
        ledger.writes[key, default: []].append(ChaosLedger.Write(bytes: bytes))
        let attemptsBefore = client.stats.attempts
        let versionId: String?
        if let bytes {
            versionId = try? await client.putObject(bucket: "data", key: key, body: bytes).versionId
        } else {
            versionId = try? await client.deleteObject(bucket: "data", key: key).versionId
        }
        ledger.writes[key]?[index].attempts = client.stats.attempts - attemptsBefore
        guard let versionId else { return }
        ledger.writes[key]?[index].versionId = versionId
        let read: [UInt8]?
        do {
            read = try await client.getObject(bucket: "data", key: key).body
        } catch let error where error.code == .noSuchKey {
            read = nil
        } catch {
            return
        }
        if !ledger.acceptableReads(key, after: index).contains(where: { $0 == read }) {
            ledger.violations.append("read-after-write: \(key) read \(read.map { "\($0.count) bytes" } ?? "no object") right after acknowledged write \(index)")
        }
    }

    /// Deletes one acknowledged version of `key` other than its newest acknowledged write.
    private func deleteOlderVersion(of key: String, random: inout SeededRandom) async {
        let newest = ledger.writes[key]?.last { $0.versionId != nil }?.versionId
        let candidates = ledger.acknowledgedPuts(key).map(\.versionId).filter { $0 != newest && !ledger.removedVersions.contains($0) }
        guard !candidates.isEmpty else { return }
        let target = candidates[Int(random.next() % UInt64(candidates.count))]
        if (try? await client.deleteObject(bucket: "data", key: key, versionId: target)) != nil {
            ledger.removedVersions.insert(target)
        } else {
            ledger.maybeRemovedVersions.insert(target)
        }
    }
}
