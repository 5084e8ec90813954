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

    @Test("a listener that cannot connect keeps trying and stops promptly when shut down")
    func unreachable() async throws {
        let heard = HeardEvents()
        let listener = PostgresListener(url: "postgres://postgres@127.0.0.1:1/none", channels: ["a"]) { heard.append($0) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(!listener.isListening && heard.events.isEmpty)
        let started = ContinuousClock.now
        listener.shutdown()
        await listener.run()
        #expect(ContinuousClock.now - started < .seconds(1))
    }
}
