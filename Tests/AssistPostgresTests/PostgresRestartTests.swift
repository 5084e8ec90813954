import AssistPostgres
import LocalServers
import Testing

/// These tests stop and start a server of their own, so that no other test's server goes away; one after
/// another, as they share it (a server costs a copy of the template and a start).
@Suite("PostgreSQL restarts", .serialized)
struct PostgresRestartTests {
    static let privateServer = Task { try await PostgresServer.start() }

    /// The suite's server, started again if a test before left it stopped.
    static func server() async throws -> PostgresServer {
        let server = try await privateServer.value
        if server.pid == nil { try await server.startAgain() }
        return server
    }

    @Test("server down: work fails promptly, never hangs; after a restart the same client recovers")
    func downThenBack() async throws {
        let server = try await Self.server()
        let url = try await server.createSchema()
        let client = PostgresClient(url: url)
        try await client.query("CREATE TABLE t (k integer)")
        try await client.query("INSERT INTO t VALUES (1)")
        #expect(client.isConnected)

        try await server.stop()
        for _ in 0..<3 {
            let started = ContinuousClock.now
            let error = await #expect(throws: PostgresError.self) { try await client.query("INSERT INTO t VALUES (2)") }
            #expect(ContinuousClock.now - started < .seconds(1))
            #expect(error?.kind == .unreachable || error?.kind == .connectionLost)
        }
        #expect(!client.isConnected)
        // A synchronous store waits for the client's thread, and gets the same prompt error.
        let started = ContinuousClock.now
        #expect(throws: PostgresError.self) { try PostgresFeatureOverrideStore(client: client).load() }
        #expect(ContinuousClock.now - started < .seconds(1))

        try await server.startAgain()
        #expect(await eventually { (try? await client.query("INSERT INTO t VALUES (3)")) != nil })
        #expect(try await client.query("SELECT k FROM t ORDER BY k").map { $0.int(0) } == [1, 3])

        // A connection that broke while idle is replaced before any work runs: no error for anyone.
        try await server.restart()
        #expect(try await client.query("SELECT count(*) FROM t").first?.int(0) == 2)
    }

    @Test("a listener re-listens after the server restarts, tells its handler, and hears what is sent next")
    func listenerReconnects() async throws {
        let server = try await Self.server()
        let url = try await server.createSchema()
        let heard = HeardEvents()
        let listener = PostgresListener(url: url, channels: ["assist_overrides"]) { heard.append($0) }
        defer { listener.shutdown() }
        let client = PostgresClient(url: url)
        #expect(await eventually { listener.isListening })
        try await client.notify(channel: "assist_overrides", payload: "before")
        #expect(await eventually { heard.notifications == ["before"] })

        try await server.restart()
        #expect(await eventually { heard.events.contains(.listening(reconnected: true)) })
        #expect(await eventually { (try? await client.notify(channel: "assist_overrides", payload: "after")) != nil })
        #expect(await eventually { heard.notifications == ["before", "after"] })
        #expect(heard.events.first == .listening(reconnected: false))
    }

    @Test("a statement past its timeout fails as timed out, and the next work reconnects")
    func statementTimeout() async throws {
        var settings = PostgresClient.Settings()
        settings.statementTimeout = .milliseconds(300)
        let client = PostgresClient(url: try await freshSchema(), settings: settings)
        let started = ContinuousClock.now
        let error = await #expect(throws: PostgresError.self) { try await client.query("SELECT pg_sleep(5)") }
        #expect(error?.kind == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(try await client.query("SELECT 41 + 1").first?.int(0) == 42)
    }
}
