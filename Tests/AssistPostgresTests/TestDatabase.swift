import AssistPostgres
import PostgresTestSupport

/// A database of its own on the test process's shared server, for one test.
func freshDatabase() async throws -> String { try await PostgresServer.shared().createDatabase() }

/// Polls `condition` every 20 ms until it holds or `limit` passes; returns whether it held.
func eventually(within limit: Duration = .seconds(10), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}
