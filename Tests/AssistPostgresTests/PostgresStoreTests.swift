import AssistGateway
import AssistPostgres
import AssistWire
import Foundation
import Testing

/// Each store against a real PostgreSQL, held to the semantics of its SQLite twin (Tests/AssistStoresTests).
@Suite("PostgreSQL stores")
struct PostgresStoreTests {
    @Test("audit rows round-trip newest first; an end updates its started row and keeps its time; each instance closes only its own")
    func audit() async throws {
        let store = try await freshStores().audit
        var first = AuditRecord(requestId: "req_1", time: Date(timeIntervalSince1970: 100.125), user: "u1", feature: "itinerary_summary",
                                promptVersion: "v1", model: "local-small", trust: "untrusted", status: .ok, inputTokens: 42,
                                outputTokens: 7, timeToFirstTokenMs: 12.5, totalMs: 80, trustReason: "counter_not_increased",
                                maskedValues: 2, traceId: "4bf92f3577b34da6a3ce929d0e0e4736")
        (first.target, first.attempts, first.costMicros) = ("gemini:gemini-2.5-flash", 3, 9_000_000_000)
        let second = AuditRecord(requestId: "req_2", time: Date(timeIntervalSince1970: 200), user: "", status: .rejected,
                                 reason: "unauthenticated:expired", totalMs: 0.3)
        try await store.record(first)
        try await store.record(second)
        #expect(try await store.recent(limit: 10) == [second, first])
        #expect(try await store.recent(limit: 1) == [second])
        var ended = first
        ended.status = .upstreamFailed
        ended.outputTokens = 3
        ended.time = Date(timeIntervalSince1970: 999)
        try await store.record(ended)
        try await store.record(ended)  // a replayed write changes nothing
        #expect(try await store.recent(limit: 10).count == 2)
        var expected = ended
        expected.time = first.time  // the row keeps the time it was first written at (admission)
        #expect(try await store.record(for: "req_1") == expected)
        #expect(try await store.record(for: "req_missing") == nil)
        for (id, instance) in [("req_3", "gw_a"), ("req_4", "gw_a"), ("req_5", "gw_b")] {
            var open = AuditRecord(requestId: id, time: Date(timeIntervalSince1970: 300), status: .started)
            open.instance = instance
            try await store.record(open)
        }
        #expect(try await store.closeInterrupted(instance: "gw_c") == 0)
        #expect(try await store.closeInterrupted(instance: "gw_a") == 2)
        #expect(try await store.closeInterrupted(instance: "gw_a") == 0)
        #expect(try await store.record(for: "req_3")?.status == .interrupted)
        #expect(try await store.record(for: "req_3")?.instance == "gw_a")
        #expect(try await store.record(for: "req_5")?.status == .started)
        // Equal times come back in the order their rows were first written, newest first.
        #expect(try await store.recent(limit: 3).map(\.requestId) == ["req_5", "req_4", "req_3"])
    }

    @Test("a batch leaves what its rows written one after another leave: an end in the same batch as its start, an end for a row already stored, ids as bytes, more rows than one statement takes")
    func auditBatch() async throws {
        func row(_ id: String, _ time: Double, _ status: AuditStatus, output: Int = 0) -> AuditRecord {
            var record = AuditRecord(requestId: id, time: Date(timeIntervalSince1970: time), user: "u1", feature: "support_chat",
                                     status: status, outputTokens: output, totalMs: time)
            record.instance = "gw_a"
            return record
        }
        let stored = row("req_old", 1, .started)
        let batch = [row("req_a", 10, .started), row("rene\u{301}", 11, .started), row("ren\u{E9}", 11, .started),
                     row("req_old", 12, .ok, output: 9), row("req_a", 13, .failed), row("req_b", 13, .started),
                     row("req_a", 14, .ok, output: 7), row("rene\u{301}", 15, .cancelled)]
            + (0..<2_500).map { row("bulk_\($0)", 20, .ok) }
        let batched = try await freshStores().audit
        let oneByOne = try await freshStores().audit
        try await batched.record(stored)
        try await oneByOne.record(stored)
        try await batched.record(batch: batch)
        for record in batch { try await oneByOne.record(record) }
        let left = try await batched.recent(limit: 3_000)
        #expect(left.count == 2_505)
        #expect(left == (try await oneByOne.recent(limit: 3_000)))
        #expect(try await batched.record(for: "req_a") == { var a = row("req_a", 14, .ok, output: 7); a.time = Date(timeIntervalSince1970: 10); return a }())
        #expect(try await batched.record(for: "req_old")?.time == stored.time)
        #expect(try await batched.record(for: "req_old")?.outputTokens == 9)
        #expect(try await batched.record(for: "rene\u{301}")?.status == .cancelled)
        #expect(try await batched.record(for: "ren\u{E9}")?.status == .started)
        // Replayed whole (a commit whose answer was lost), the batch changes nothing.
        try await batched.record(batch: batch)
        #expect(try await batched.recent(limit: 3_000) == left)
    }

    @Test("collapsing a batch keeps one row per request id, in first-written order, its last values at its first time")
    func collapsedBatch() {
        let rows = [("a", 1.0, AuditStatus.started), ("b", 2, .started), ("a", 3, .ok), ("c", 4, .rejected), ("b", 5, .upstreamFailed)]
            .map { AuditRecord(requestId: $0.0, time: Date(timeIntervalSince1970: $0.1), status: $0.2, totalMs: $0.1) }
        let collapsed = AuditRecord.collapsed(rows)
        #expect(collapsed.map(\.requestId) == ["a", "b", "c"])
        #expect(collapsed.map(\.status) == [.ok, .upstreamFailed, .rejected])
        #expect(collapsed.map(\.time.timeIntervalSince1970) == [1, 2, 4])
        #expect(collapsed.map(\.totalMs) == [3, 5, 4])
        #expect(AuditRecord.collapsed([]).isEmpty)
    }

    @Test("feedback round-trips in the order written, with its input and locale")
    func feedback() async throws {
        let store = try await freshStores().feedback
        let withInput = Feedback(requestId: "new", user: "u1", feature: "itinerary_summary", promptVersion: "p1", verdict: .wrong,
                                 reason: "wrong time", time: Date(timeIntervalSince1970: 1.5), input: ["bookingId": "BK-2041", "n": 2],
                                 locale: "tr-TR")
        let bare = Feedback(requestId: "old", user: "u2", feature: "f", promptVersion: "p2", verdict: .report, reason: nil,
                            time: Date(timeIntervalSince1970: 0))
        try await store.record(withInput)
        try await store.record(bare)
        #expect(try await store.all() == [withInput, bare])
    }

    @Test("one verdict per request and user: a second replaces the first in place; users are bytes")
    func oneVerdictPerRequestAndUser() async throws {
        let store = try await freshStores().feedback
        func verdict(_ id: String, _ user: String, _ verdict: Feedback.Verdict, _ reason: String?) -> Feedback {
            Feedback(requestId: id, user: user, feature: "f", promptVersion: "p", verdict: verdict, reason: reason, time: Date(timeIntervalSince1970: 1))
        }
        try await store.record(verdict("a", "u1", .wrong, "first"))
        try await store.record(verdict("b", "u1", .wrong, nil))
        try await store.record(verdict("a", "u1", .report, "second"))
        try await store.record(verdict("a", "ren\u{E9}", .wrong, "other user"))
        try await store.record(verdict("a", "rene\u{301}", .wrong, "another user"))
        let rows = try await store.all()
        #expect(rows.map(\.requestId) == ["a", "b", "a", "a"])
        #expect(rows.map(\.reason) == ["second", nil, "other user", "another user"])
        #expect(rows.first?.verdict == .report)
    }

    @Test("migration 8 keeps, of several verdicts per request and user stored before it, the one written last")
    func duplicatesFromBefore() async throws {
        let client = PostgresClient(url: try await freshSchema())
        try await PostgresMigrator.migrate(client, PostgresSchema.migrations.filter { $0.version < 8 })
        for (id, reason) in [("a", "one"), ("b", "only"), ("a", "two"), ("a", "three")] {
            try await client.query("""
                INSERT INTO feedback (request_id, user_id, feature, prompt_version, verdict, reason, time) VALUES ($1, 'u1', 'f', 'p', 'wrong', $2, 0)
                """, [.text(id), .text(reason)])
        }
        #expect(try await PostgresMigrator.migrate(client, PostgresSchema.migrations) == PostgresSchema.migrations.map(\.version).filter { $0 >= 8 })
        let store = PostgresFeedbackStore(client: client)
        #expect(try await store.all().map(\.reason) == ["only", "three"])
    }

    @Test("overrides round-trip, an empty one removes its row, and each change is announced once committed")
    func overrides() async throws {
        let url = try await freshSchema()
        let stores = try await openStores(url)
        let heard = HeardEvents()
        let listener = PostgresListener(url: url, channels: [PostgresFeatureOverrideStore.channel]) { heard.append($0) }
        #expect(await eventually { heard.events == [.listening(reconnected: false)] })
        let store = stores.overrides
        try store.save(FeatureOverride(enabled: false), for: "itinerary_summary")
        try store.save(FeatureOverride(enabled: true, rolloutPercentage: 12.5), for: "smart_search")
        #expect(try store.load() == ["itinerary_summary": FeatureOverride(enabled: false),
                                     "smart_search": FeatureOverride(enabled: true, rolloutPercentage: 12.5)])
        try store.save(FeatureOverride(), for: "itinerary_summary")
        try await store.store(nil, for: "smart_search")
        #expect(try await store.overrides() == [:])
        #expect(await eventually { heard.events.count == 5 })
        #expect(heard.events.dropFirst().map { if case .notification(_, let payload) = $0 { payload } else { "" } }
                == ["itinerary_summary", "smart_search", "itinerary_summary", "smart_search"])
        listener.shutdown()
    }

    @Test("device keys register, read back and re-register; the counter advances only from its current value")
    func deviceKeys() async throws {
        let store = try await freshStores().deviceKeys
        let key = DeviceKey(user: "u1", keyId: [1, 2, 3, 255], publicKey: [4] + Array(repeating: 7, count: 64), counter: 0, environment: "production")
        try await store.register(key)
        #expect(try await store.key(user: "u1", keyId: key.keyId) == key)
        #expect(try await store.key(user: "u2", keyId: key.keyId) == nil)
        #expect(try await store.advance(user: "u1", keyId: key.keyId, from: 0, to: 5))
        #expect(try await !store.advance(user: "u1", keyId: key.keyId, from: 0, to: 6))  // a replay of an older state
        #expect(try await !store.advance(user: "u1", keyId: key.keyId, from: 5, to: 5))  // must increase
        #expect(try await store.advance(user: "u1", keyId: key.keyId, from: 5, to: UInt32.max))
        #expect(try await store.key(user: "u1", keyId: key.keyId)?.counter == UInt32.max)
        var reinstalled = key
        reinstalled.publicKey = [4] + Array(repeating: 9, count: 64)
        try await store.register(reinstalled)
        #expect(try await store.key(user: "u1", keyId: key.keyId) == reinstalled)
    }

    @Test("the same assertion advanced from two replicas at once: exactly one wins, every time")
    func counterCompareAndSet() async throws {
        let url = try await freshSchema()
        let stores = try await openStores(url)
        let replicas = [stores.deviceKeys, PostgresDeviceKeyStore(client: PostgresClient(url: url))]
        for round in 0..<30 {
            let keyId = [UInt8(round)]
            try await replicas[0].register(DeviceKey(user: "u", keyId: keyId, publicKey: [4], counter: 10, environment: "production"))
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for replica in replicas { group.addTask { try await replica.advance(user: "u", keyId: keyId, from: 10, to: 11) } }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1, "round \(round)")
        }
    }

    @Test("stored summaries are shared, expire after the retention period and are purged")
    func answers() async throws {
        let url = try await freshSchema()
        let stores = try await openStores(url)
        let store = PostgresAnswerStore(client: stores.client, retention: 86_400)
        let key = AnswerKey(feature: "itinerary_summary", data: "BK-2041@3", promptVersion: "p1", locale: "tr-TR")
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        try await store.store("özet", for: key, at: start)
        let otherReplica = PostgresAnswerStore(client: PostgresClient(url: url), retention: 86_400)
        #expect(try await otherReplica.text(for: key, now: start + 3600) == "özet")
        #expect(try await otherReplica.text(for: key, now: start + 86_400) == nil)
        try await store.store("yeni özet", for: key, at: start + 10)
        #expect(try await store.text(for: key, now: start + 20) == "yeni özet")
        var other = key
        other.data = "BK-2041@4"
        try await store.store("yeni", for: other, at: start + 2 * 86_400)
        #expect(try await stores.client.query("SELECT count(*) FROM summary_cache").first?.int(0) == 1)
    }

    @Test("availability counts add up across replicas")
    func availability() async throws {
        let url = try await freshSchema()
        let stores = try await openStores(url)
        let replicas = [stores.availability, PostgresAvailabilityStore(client: PostgresClient(url: url))]
        let event = AvailabilityEvent(feature: "smart_search", platform: "ios", osVersion: "18.1", state: .available, locale: "en-US")
        let android = AvailabilityEvent(feature: "smart_search", platform: "android", osVersion: "15", state: .downloadable, locale: "en-US")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<60 { group.addTask { try await replicas[i % 2].record(i % 3 == 0 ? android : event) } }
            try await group.waitForAll()
        }
        #expect(try await replicas[1].counts() == [
            AvailabilityCount(feature: "smart_search", platform: "ios", state: .available): 40,
            AvailabilityCount(feature: "smart_search", platform: "android", state: .downloadable): 20,
        ])
    }

    @Test("refusal counts add to their rows, read back by minute, and are forgotten before a minute")
    func refusals() async throws {
        let store = try await freshStores().refusals
        func key(_ minute: Int, _ address: String = "203.0.113.1", reason: String = "unauthenticated:missing") -> RefusalKey {
            RefusalKey(minute: minute, endpoint: "/v1/assist/stream", reason: reason, address: address)
        }
        try await store.add([key(100): 3, key(100, "203.0.113.2"): 1, key(101, reason: "invalid_input"): 2])
        try await store.add([key(100): 4, key(102): 1])
        try await store.add([:])
        #expect(try await store.counts(since: 0) == [key(100): 7, key(100, "203.0.113.2"): 1, key(101, reason: "invalid_input"): 2, key(102): 1])
        #expect(try await store.counts(since: 101) == [key(101, reason: "invalid_input"): 2, key(102): 1])
        try await store.removeCounts(before: 102)
        #expect(try await store.counts(since: 0) == [key(102): 1])
    }
}
