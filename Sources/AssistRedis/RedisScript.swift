import Synchronization

/// A Lua script run atomically by Redis: loaded once with `SCRIPT LOAD`, then called by its SHA-1 with
/// `EVALSHA`, so each call sends the script's hash rather than its text.
///
/// The server's script cache is not durable: `SCRIPT FLUSH`, a restart or a fail-over to a replica empties
/// it, and `EVALSHA` then answers `NOSCRIPT`. The script is then loaded again and the call repeated, once; a
/// call that failed with `NOSCRIPT` did not run, so repeating it cannot count anything twice.
///
/// Scripts must name every key they touch in `keys` (never build key names inside Lua), and those keys must
/// share one hash tag, so the script can later run on a Redis Cluster, where all of a script's keys must live
/// in one slot.
public final class RedisScript: Sendable {
    public let source: String
    /// The SHA-1 `SCRIPT LOAD` returned; the same on every server, as it is the hash of `source`.
    private let loaded = Mutex<String?>(nil)

    public init(_ source: String) { self.source = source }

    /// Runs the script with `keys` (KEYS) and `arguments` (ARGV) on `client`'s server.
    public func run(on client: RedisClient, keys: [String], arguments: [String]) async throws -> RedisReply {
        var sha = loaded.withLock { $0 }
        if sha == nil { sha = try await load(on: client) }
        guard let sha else { throw RedisError(.unexpectedReply, "no script hash") }
        do {
            return try await client.command(["EVALSHA", sha, String(keys.count)] + keys + arguments)
        } catch let error as RedisError where error.isNoScript {
            let sha = try await load(on: client)
            return try await client.command(["EVALSHA", sha, String(keys.count)] + keys + arguments)
        }
    }

    /// Loads the script into the server's cache (idempotent) and remembers its hash.
    @discardableResult
    public func load(on client: RedisClient) async throws -> String {
        guard let sha = try await client.command("SCRIPT", "LOAD", source).string, !sha.isEmpty else {
            throw RedisError(.unexpectedReply, "SCRIPT LOAD returned no hash")
        }
        loaded.withLock { $0 = sha }
        return sha
    }
}
