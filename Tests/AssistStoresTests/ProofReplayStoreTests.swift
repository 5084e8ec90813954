import AssistGateway
import AssistSQLite
import AssistStores
import Foundation
import Testing

@Suite("Used integrity proofs: first use once within the TTL, in memory and in SQLite")
struct ProofReplayStoreTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    /// Two SHA-256 digests, as the verifier names proofs.
    static let proof = [UInt8](repeating: 0xAB, count: 32), other = [UInt8](0..<32)

    /// The contract both stores keep, on `clock`.
    func firstUseOnceUntilExpiry(_ store: any ProofReplayStore, clock: ManualWallClock) async throws {
        let (proof, other) = (Self.proof, Self.other)
        #expect(try await store.firstUse(digest: proof, ttl: 360))
        #expect(try await store.firstUse(digest: proof, ttl: 360) == false)
        #expect(try await store.firstUse(digest: other, ttl: 360))
        clock.advance(by: 359)
        #expect(try await store.firstUse(digest: proof, ttl: 360) == false)
        clock.advance(by: 1)  // its TTL has passed: the store forgets it (the token itself is stale by now)
        #expect(try await store.firstUse(digest: proof, ttl: 360))
        #expect(try await store.firstUse(digest: proof, ttl: 360) == false)
    }

    @Test("in memory")
    func inMemory() async throws {
        let clock = ManualWallClock(start)
        try await firstUseOnceUntilExpiry(InMemoryProofReplayStore(clock: clock), clock: clock)
    }

    @Test("in SQLite, keyed by the digest only")
    func sqlite() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualWallClock(start)
        try await firstUseOnceUntilExpiry(try SQLiteProofReplayStore(database: database, clock: clock), clock: clock)
        let stored = try database.query("SELECT digest FROM integrity_proofs").compactMap { $0.first?.text }
        let base64URL = { (bytes: [UInt8]) in
            Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        // The expired `other` was swept by the last use; the live one is there under its digest.
        #expect(stored == [base64URL(Self.proof)])
    }

    @Test("two processes sharing the SQLite file, racing with one proof: exactly one first use")
    func sqliteAcrossConnections() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let second = try SQLiteDatabase(path: directory.appendingPathComponent("test.sqlite").path)
        let stores = [try SQLiteProofReplayStore(database: database), try SQLiteProofReplayStore(database: second)]
        let proof = (0..<32).map { _ in UInt8.random(in: 0...255) }
        let firsts = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<20 { group.addTask { try await stores[index % 2].firstUse(digest: proof, ttl: 60) } }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(firsts == 1)
    }
}
