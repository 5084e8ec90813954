import AssistRedis
import LocalServers
import Testing

/// A client of `server`, quick to notice a server that is down (tests take servers down on purpose).
func makeClient(_ server: RedisServer, settings: RedisClient.Settings = RedisClient.Settings()) throws -> RedisClient {
    RedisClient(url: try RedisURL(server.url), settings: settings)
}

/// Polls `condition` every 20 ms until it holds or `limit` passes; returns whether it held.
func eventually(within limit: Duration = .seconds(10), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}

/// Whether `work` succeeds now (a command against a server that may be down).
func succeeds(_ work: () async throws -> Void) async -> Bool {
    do {
        try await work()
        return true
    } catch {
        return false
    }
}
