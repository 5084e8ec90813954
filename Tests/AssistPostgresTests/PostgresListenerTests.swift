import AssistPostgres
import Testing

@Suite("PostgreSQL LISTEN/NOTIFY")
struct PostgresListenerTests {
    @Test("notifications reach the handler in order, on the channels listened to, once their transaction commits")
    func delivery() async throws {
        let url = try await freshSchema()
        let heard = HeardEvents()
        let listener = PostgresListener(url: url, channels: ["assist_a", "Assist \"B\""]) { heard.append($0) }
        defer { listener.shutdown() }
        #expect(await eventually { listener.isListening })
        #expect(heard.events == [.listening(reconnected: false)])
        let client = PostgresClient(url: url)
        let started = ContinuousClock.now
        try await client.notify(channel: "assist_a", payload: "kill switch: itinerary_summary")
        // Heard at once; the bound is generous for a loaded two-core machine (3× the worst the pass measured, 1.08 s).
        #expect(await eventually(within: .seconds(5)) { heard.notifications.count == 1 })
        #expect(ContinuousClock.now - started < .seconds(5))
        try await client.notify(channel: "elsewhere", payload: "not heard")
        // Rolled back: never sent.
        _ = try? await client.perform { statements in
            try await statements.query("SELECT pg_notify('assist_a', 'rolled back')")
            try await statements.query("SELECT 1/0")
        }
        try await client.notify(channel: "Assist \"B\"", payload: "ünïcode ✓")
        try await client.notify(channel: "assist_a", payload: "last")
        #expect(await eventually { heard.notifications.count == 3 })
        try await Task.sleep(for: .milliseconds(100))
        #expect(heard.events.dropFirst() == [
            .notification(channel: "assist_a", payload: "kill switch: itinerary_summary"),
            .notification(channel: "Assist \"B\"", payload: "ünïcode ✓"),
            .notification(channel: "assist_a", payload: "last"),
        ])
    }

    /// "Promptly" against the back-off it is waiting out: a minute between attempts, so a shutdown that waited for the
    /// next attempt would take about that long; the bound is half of it, which no loaded machine comes near.
    @Test("a listener that cannot connect keeps trying and, shut down, does not wait out its back-off")
    func unreachable() async throws {
        let heard = HeardEvents()
        var settings = PostgresClient.Settings()
        settings.reconnectDelay = .seconds(60)
        settings.maxReconnectDelay = .seconds(60)
        let listener = PostgresListener(url: "postgres://postgres@127.0.0.1:1/none", channels: ["a"], settings: settings) { heard.append($0) }
        try await Task.sleep(for: .milliseconds(300))  // the first attempt is refused at once: it is backing off now
        #expect(!listener.isListening && heard.events.isEmpty)
        let started = ContinuousClock.now
        listener.shutdown()
        await listener.run()
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
