import AssistPostgres
import LocalServers
import Synchronization

/// A schema of its own on the test process's shared server, for one test: the URL's sessions work there.
func freshSchema() async throws -> String { try await PostgresServer.shared().createSchema() }

/// The gateway's stores over a new client on the database at `url`, its schema migrated.
func openStores(_ url: String) async throws -> PostgresStores {
    try await PostgresStores.open(client: PostgresClient(url: url))
}

/// The gateway's stores in a fresh schema.
func freshStores() async throws -> PostgresStores { try await openStores(try await freshSchema()) }

/// What a listener's handler was given, in order.
final class HeardEvents: Sendable {
    private let heard = Mutex<[PostgresListener.Event]>([])
    func append(_ event: PostgresListener.Event) { heard.withLock { $0.append(event) } }
    var events: [PostgresListener.Event] { heard.withLock { $0 } }
    var notifications: [String] {
        events.compactMap { if case .notification(_, let payload) = $0 { payload } else { nil } }
    }
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
