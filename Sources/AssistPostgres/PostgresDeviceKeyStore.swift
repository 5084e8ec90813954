import AssistCrypto
public import AssistGateway

/// Registered App Attest keys in PostgreSQL (`device_keys`, migration 4; key id and point as base64url),
/// shared by every replica and durable: a restart of anything must not make an old assertion valid again.
///
/// The counter is advanced by compare-and-set, one conditional `UPDATE … WHERE counter = old`. Under READ
/// COMMITTED a second writer of the same row waits for the first to commit, then re-checks the condition
/// against the new row, finds the counter moved and updates nothing: of two replicas presented the same
/// assertion, exactly one advances it, and the other sees a replay.
public final class PostgresDeviceKeyStore: DeviceKeyStore {
    private let client: PostgresClient

    public init(client: PostgresClient) { self.client = client }

    /// Registers the key, replacing one with the same user and key id (a reinstall attests again).
    public func register(_ key: DeviceKey) async throws {
        try await client.query("""
            INSERT INTO device_keys (user_id, key_id, public_key, counter, environment) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (user_id, key_id) DO UPDATE SET public_key = excluded.public_key, counter = excluded.counter,
                environment = excluded.environment
            """, [.text(key.user), .text(Base64URL.encode(key.keyId)), .text(Base64URL.encode(key.publicKey)),
                  .integer(Int64(key.counter)), .text(key.environment)])
    }

    public func key(user: String, keyId: [UInt8]) async throws -> DeviceKey? {
        try await client.query("SELECT public_key, counter, environment FROM device_keys WHERE user_id = $1 AND key_id = $2",
                               [.text(user), .text(Base64URL.encode(keyId))]).first.map { row in
            DeviceKey(user: user, keyId: keyId, publicKey: Base64URL.decode(row.text(0) ?? "") ?? [],
                      counter: UInt32(clamping: row.int(1) ?? 0), environment: row.text(2) ?? "")
        }
    }

    public func advance(user: String, keyId: [UInt8], from old: UInt32, to new: UInt32) async throws -> Bool {
        guard new > old else { return false }
        let changed = try await client.query("""
            UPDATE device_keys SET counter = $1 WHERE user_id = $2 AND key_id = $3 AND counter = $4 RETURNING counter
            """, [.integer(Int64(new)), .text(user), .text(Base64URL.encode(keyId)), .integer(Int64(old))])
        return !changed.isEmpty
    }
}
