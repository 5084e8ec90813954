import AssistCrypto
public import AssistGateway
public import AssistSQLite
public import Foundation

/// Registered App Attest keys in SQLite (`device_keys`, key id and point as base64url): they must outlive
/// restarts, or every device would have to attest again.
public final class SQLiteDeviceKeyStore: DeviceKeyStore {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS device_keys (
                user TEXT NOT NULL, key_id TEXT NOT NULL, public_key TEXT NOT NULL, counter INTEGER NOT NULL, environment TEXT NOT NULL,
                PRIMARY KEY (user, key_id)) WITHOUT ROWID
            """)
    }

    public func register(_ key: DeviceKey) async throws {
        try await database.perform("INSERT OR REPLACE INTO device_keys VALUES (?, ?, ?, ?, ?)", [
            .text(key.user), .text(Base64URL.encode(key.keyId)), .text(Base64URL.encode(key.publicKey)), .integer(Int64(key.counter)), .text(key.environment),
        ])
    }

    public func key(user: String, keyId: [UInt8]) async throws -> DeviceKey? {
        try await database.perform("SELECT public_key, counter, environment FROM device_keys WHERE user = ? AND key_id = ?", [.text(user), .text(Base64URL.encode(keyId))])
            .first.map { row in
                DeviceKey(user: user, keyId: keyId, publicKey: Base64URL.decode(row[0].text ?? "") ?? [], counter: UInt32(clamping: row[1].int ?? 0),
                          environment: row[2].text ?? "")
            }
    }

    public func advance(user: String, keyId: [UInt8], from old: UInt32, to new: UInt32) async throws -> Bool {
        guard new > old else { return false }
        // One statement: SQLite serialises writers, so the compare and the set cannot interleave.
        let changed = try await database.perform("""
            UPDATE device_keys SET counter = ? WHERE user = ? AND key_id = ? AND counter = ? RETURNING counter
            """, [.integer(Int64(new)), .text(user), .text(Base64URL.encode(keyId)), .integer(Int64(old))])
        return !changed.isEmpty
    }
}

/// Challenges in SQLite (`integrity_challenges`), so a challenge issued by one gateway process can be used
/// at another sharing the database, and survives a restart within its TTL.
public final class SQLiteChallengeStore: ChallengeStore {
    private let database: SQLiteDatabase
    private let clock: any WallClock

    public init(database: SQLiteDatabase, clock: any WallClock = SystemWallClock()) throws {
        self.database = database
        self.clock = clock
        try database.execute("""
            CREATE TABLE IF NOT EXISTS integrity_challenges (challenge TEXT PRIMARY KEY, user TEXT NOT NULL, expires REAL NOT NULL) WITHOUT ROWID
            """)
    }

    public func issue(user: String, ttl: TimeInterval) async throws -> String {
        let challenge = Base64URL.encode(Digest.randomBytes(32))
        let now = clock.now().timeIntervalSince1970
        try await database.perform { statements in
            try statements.query("DELETE FROM integrity_challenges WHERE expires <= ?", [.real(now)])
            try statements.query("INSERT INTO integrity_challenges VALUES (?, ?, ?)", [.text(challenge), .text(user), .real(now + ttl)])
        }
        return challenge
    }

    public func consume(_ challenge: String, user: String) async throws -> Bool {
        let rows = try await database.perform("DELETE FROM integrity_challenges WHERE challenge = ? AND user = ? RETURNING expires", [.text(challenge), .text(user)])
        guard let expires = rows.first?[0].double else { return false }
        return expires > clock.now().timeIntervalSince1970
    }
}

/// Used integrity proofs in SQLite (`integrity_proofs`, each proof's SHA-256 as base64url with its expiry), so a
/// Play Integrity token spent by one gateway process is refused by another sharing the database, and after a
/// restart within its age.
public final class SQLiteProofReplayStore: ProofReplayStore {
    private let database: SQLiteDatabase
    private let clock: any WallClock

    public init(database: SQLiteDatabase, clock: any WallClock = SystemWallClock()) throws {
        self.database = database
        self.clock = clock
        try database.execute("""
            CREATE TABLE IF NOT EXISTS integrity_proofs (digest TEXT PRIMARY KEY, expires REAL NOT NULL) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS integrity_proofs_by_expiry ON integrity_proofs (expires)
            """)
    }

    public func firstUse(digest: [UInt8], ttl: TimeInterval) async throws -> Bool {
        let now = clock.now().timeIntervalSince1970
        return try await database.perform { statements in
            // Expired proofs go first (by the index, so only those), which frees a digest whose time has passed.
            try statements.query("DELETE FROM integrity_proofs WHERE expires <= ?", [.real(now)])
            // One transaction: of two uses of one digest, the second finds the first's row and inserts nothing.
            let inserted = try statements.query("INSERT INTO integrity_proofs VALUES (?, ?) ON CONFLICT (digest) DO NOTHING RETURNING digest",
                                                [.text(Base64URL.encode(digest)), .real(now + ttl)])
            return !inserted.isEmpty
        }
    }
}
