import AssistGateway
import AssistHTTP
import AssistWire
import Foundation
import Synchronization
import Testing

/// The in-memory audit on a disk with room for `capacity` rows: past it, a new row fails as a full disk's
/// write would (replacing a row, as a request's end replaces its `started` row, still works).
final class CappedAudit: AuditStore {
    let base = InMemoryAuditStore()
    let capacity: Int
    private let ids = Mutex<Set<String>>([])
    struct Full: Error {}

    init(capacity: Int) { self.capacity = capacity }

    func record(_ record: AuditRecord) async throws {
        let fits = ids.withLock { ids in
            guard ids.contains(record.requestId) || ids.count < capacity else { return false }
            ids.insert(record.requestId)
            return true
        }
        guard fits else { throw Full() }
        try await base.record(record)
    }

    func closeInterrupted(instance: String) async throws -> Int { try await base.closeInterrupted(instance: instance) }
    func instancesWithOpenRows() async throws -> Set<String> { try await base.instancesWithOpenRows() }
    func recent(limit: Int) async throws -> [AuditRecord] { await base.recent(limit: limit) }
    func record(for requestId: String) async throws -> AuditRecord? { await base.record(for: requestId) }
}

/// The in-memory audit, refusing to write refusals' rows (`rejected`): every other row lands.
final class AuditRefusingRejectedRows: AuditStore {
    let base = InMemoryAuditStore()
    struct Refused: Error {}

    func record(_ record: AuditRecord) async throws {
        if record.status == .rejected { throw Refused() }
        try await base.record(record)
    }

    func closeInterrupted(instance: String) async throws -> Int { try await base.closeInterrupted(instance: instance) }
    func instancesWithOpenRows() async throws -> Set<String> { try await base.instancesWithOpenRows() }
    func recent(limit: Int) async throws -> [AuditRecord] { await base.recent(limit: limit) }
    func record(for requestId: String) async throws -> AuditRecord? { await base.record(for: requestId) }
}

/// The in-memory refusal store, failing every call while `failing` is set.
final class BreakableRefusalStore: RefusalStore {
    let base = InMemoryRefusalStore()
    let failing = Mutex(false)
    struct Down: Error {}

    func add(_ counts: [RefusalKey: Int]) async throws {
        if failing.withLock({ $0 }) { throw Down() }
        try await base.add(counts)
    }

    func counts(since minute: Int) async throws -> [RefusalKey: Int] {
        if failing.withLock({ $0 }) { throw Down() }
        return try await base.counts(since: minute)
    }

    func removeCounts(before minute: Int) async throws {
        if failing.withLock({ $0 }) { throw Down() }
        try await base.removeCounts(before: minute)
    }
}

/// Refusals before admission (400, 401, 403, on every endpoint) are counted per minute, endpoint, reason and
/// client address, with the first 20 of each minute also written as audit rows; a flood of them neither
/// fills the audit nor turns legitimate users away.
@Suite("Refusals before admission")
struct RefusalRecordTests {
    func minute(_ gateway: InProcessGateway) -> Int { RefusalKey.minute(of: gateway.clock.now().timeIntervalSince1970) }

    func rejectedRows(_ gateway: InProcessGateway) async throws -> [AuditRecord] {
        try await gateway.audit.recent(limit: 100_000).filter { $0.status == .rejected }
    }

    /// The stored counts, after a flush.
    func stored(_ gateway: InProcessGateway, since minute: Int = 0) async throws -> [RefusalKey: Int] {
        #expect(await gateway.dependencies.state.refusals.flush())
        return try await gateway.dependencies.stores.refusals.counts(since: minute)
    }

    @Test("a flood of 5,000 unauthenticated requests writes its minute's first 20 rows and counts all, by endpoint, reason and address")
    func flood() async throws {
        let gateway = try InProcessGateway()
        for index in 0..<5_000 {
            switch index % 5 {
            case 0, 1, 2: _ = await gateway.stream(as: nil, from: "203.0.113.1")
            case 3: _ = await gateway.send(.post, "/v1/feedback", as: nil, headers: [(.authorization, "Bearer x.y")], from: "203.0.113.2")
            default: _ = await gateway.send(.get, "/admin/features", as: nil, from: "203.0.113.2")
            }
        }
        #expect(try await rejectedRows(gateway).count == 20)
        let first = minute(gateway)
        #expect(try await stored(gateway) == [
            RefusalKey(minute: first, endpoint: "/v1/assist/stream", reason: "unauthenticated:missing", address: "203.0.113.1"): 3_000,
            RefusalKey(minute: first, endpoint: "/v1/feedback", reason: "unauthenticated:malformed", address: "203.0.113.2"): 1_000,
            RefusalKey(minute: first, endpoint: "/admin/features", reason: "unauthenticated:missing", address: "203.0.113.2"): 1_000,
        ])

        // The next minute has its own first rows; what was stored is added to, never replaced.
        gateway.clock.advance(by: 60)
        for _ in 0..<50 { _ = await gateway.stream(as: nil, from: "203.0.113.1") }
        #expect(try await rejectedRows(gateway).count == 40)
        let counts = try await stored(gateway)
        #expect(counts.count == 4 && counts.values.reduce(0, +) == 5_050)
        #expect(counts[RefusalKey(minute: first + 1, endpoint: "/v1/assist/stream", reason: "unauthenticated:missing", address: "203.0.113.1")] == 50)
    }

    @Test("a flood cannot fill the audit: on a disk with room for 500 rows, 5,000 refusals over two minutes leave room for legitimate users")
    func floodCannotFillTheAudit() async throws {
        let gateway = try InProcessGateway(audit: CappedAudit(capacity: 500))
        for index in 0..<5_000 {
            if index == 2_500 { gateway.clock.advance(by: 60) }
            _ = await gateway.stream(as: nil, from: "203.0.113.\(index % 7)")
        }
        for user in ["u1", "u2", "u3"] {
            let served = await gateway.stream(as: user)
            #expect(served.status == 200, "\(served.errorCode ?? "")")
            _ = await served.body()
            #expect(try #require(await gateway.auditRow(served)).status == .ok)
        }
        #expect(try await stored(gateway).values.reduce(0, +) == 5_000)
        #expect(await gateway.send(.get, "/healthz", as: nil).json?["checks"]?["storage"]?["status"] == "ok")
    }

    @Test("refusal writes that fail (rows and counts) leave the audit's state alone: users are served, /healthz stays ok, counts are kept")
    func failingWritesDoNotTripFailClosed() async throws {
        let refusals = BreakableRefusalStore()
        refusals.failing.withLock { $0 = true }
        let gateway = try InProcessGateway(audit: AuditRefusingRejectedRows(), refusals: refusals)
        for round in 0..<10 {
            for _ in 0..<100 { _ = await gateway.stream(as: nil, from: "198.51.100.\(round)") }
            #expect(await gateway.dependencies.state.refusals.flush() == false)
            // The audit's state is untouched by the flood: the storage check (what /healthz and fail-closed read) stays ok.
            let health = await gateway.send(.get, "/healthz", as: nil)
            #expect(health.status == 200 && health.json?["status"] == "ok" && health.json?["checks"]?["storage"]?["status"] == "ok")
            let served = await gateway.stream(as: "u\(round)")
            #expect(served.status == 200, "\(served.errorCode ?? "")")
            _ = await served.body()
        }
        gateway.expectNothingHeld()

        // Once the store takes writes again, nothing counted meanwhile is missing.
        refusals.failing.withLock { $0 = false }
        #expect(try await stored(gateway).values.reduce(0, +) == 1_000)
    }

    @Test("admin 401s (no token, a user's token, a wrong one, any /admin path), 400s and 403s are recorded")
    func everyEndpoint() async throws {
        let gateway = try InProcessGateway { $0.set("features.support_chat.enabled", false) }
        let address = "192.0.2.44"
        let exchanges = [
            await gateway.send(.get, "/admin/features", as: nil, from: address),
            await gateway.send(.get, "/admin/features", as: "u1", from: address),
            await gateway.send(.patch, "/admin/features/support_chat", as: nil, json: ["enabled": true], headers: [(.authorization, "Bearer guess")],
                               from: address),
            await gateway.send(.post, "/admin/\(UUID().uuidString)", as: nil, from: address),
            await gateway.send(.patch, "/admin/features/support_chat", as: nil, json: ["enabled": "yes"],
                               headers: [(.authorization, "Bearer admin-secret")], from: address),
            await gateway.stream(from: address),
            await gateway.send(.get, "/v1/features", as: nil, from: address),
        ]
        #expect(exchanges.map(\.status.code) == [401, 401, 401, 401, 400, 403, 401])
        let now = minute(gateway)
        func key(_ endpoint: String, _ reason: String) -> RefusalKey { RefusalKey(minute: now, endpoint: endpoint, reason: reason, address: address) }
        #expect(try await stored(gateway) == [
            key("/admin/features", "unauthenticated:missing"): 1,
            key("/admin/features", "unauthenticated:wrong_admin_token"): 1,
            key("/admin/features/{id}", "unauthenticated:wrong_admin_token"): 1,
            key("/admin/*", "unauthenticated:missing"): 1,
            key("/admin/features/{id}", "invalid_input"): 1,
            key("/v1/assist/stream", "feature_disabled"): 1,
            key("/v1/features", "unauthenticated:missing"): 1,
        ])
        // Each is one of the minute's first few: written in full too, once.
        for exchange in exchanges {
            let row = try #require(await gateway.auditRow(exchange))
            #expect(row.status == .rejected && row.instance == "local")
        }
        #expect(try #require(await gateway.auditRow(exchanges[5])).feature == "support_chat")
        #expect(try await rejectedRows(gateway).count == exchanges.count)
    }

    @Test("a refusal with an audit row of its own (admission's 429, a failed App Attest registration) is not counted or written twice")
    func noDuplicateRows() async throws {
        let gateway = try InProcessGateway { $0.set("features.support_chat.quotas.unavailable", ["requestsPerDay": 10, "tokensPerDay": 100]) }
        let spent = await gateway.stream()
        #expect(spent.status == 429 && spent.errorCode == "quota_exceeded")
        let registration: JSONValue = ["keyId": .string(Data(repeating: 7, count: 32).base64EncodedString()), "attestation": "AAAA", "challenge": "c"]
        let attested = await gateway.send(.post, "/v1/integrity/appattest/register", json: registration)
        #expect(attested.status == 400 && attested.errorCode == "attestation_invalid")
        #expect(try #require(await gateway.auditRow(attested)).reason.hasPrefix("appattest_register:"))
        #expect(try #require(await gateway.auditRow(spent)).reason == "quota_exceeded")
        #expect(try await stored(gateway).isEmpty)
        #expect(try await gateway.audit.recent(limit: 10).count == 2)
    }

    @Test("past 1,000 addresses in a minute, further addresses count under other")
    func boundedAddresses() async throws {
        let gateway = try InProcessGateway()
        for index in 0..<1_500 { _ = await gateway.stream(as: nil, from: "10.0.\(index / 256).\(index % 256)") }
        let counts = try await stored(gateway)
        #expect(counts.count == 1_001)
        #expect(counts.filter { $0.key.address == "other" }.values.first == 500)
        #expect(counts.values.reduce(0, +) == 1_500)
    }

    @Test("GET /admin/refusals answers the last N minutes' counts, stored or not yet, newest first")
    func adminRefusals() async throws {
        let gateway = try InProcessGateway()
        let admin: [HTTPField] = [(.authorization, "Bearer admin-secret")]
        for _ in 0..<3 { _ = await gateway.stream(as: nil, from: "203.0.113.5") }
        #expect(await gateway.dependencies.state.refusals.flush())
        gateway.clock.advance(by: 120)
        _ = await gateway.stream(as: nil, from: "203.0.113.6")  // counted, not yet stored

        let recent = await gateway.send(.get, "/admin/refusals", query: "minutes=5", as: nil, headers: admin)
        #expect(recent.status == 200)
        #expect(recent.json?["minutes"] == 5 && recent.json?["total"] == 4 && recent.json?["truncated"] == false)
        let rows = try #require(recent.json?["counts"]?.arrayValue)
        #expect(rows.map { $0["address"]?.stringValue ?? "" } == ["203.0.113.6", "203.0.113.5"])
        #expect(rows.map { $0["count"] } == [1, 3])
        #expect(rows[0]["minute"] == "2026-09-21T14:15:00Z" && rows[0]["endpoint"] == "/v1/assist/stream")
        #expect(rows[0]["reason"] == "unauthenticated:missing")

        let lastMinute = await gateway.send(.get, "/admin/refusals", query: "minutes=1", as: nil, headers: admin)
        #expect(lastMinute.json?["total"] == 1)
        for bad in ["minutes=0", "minutes=1441", "minutes=ten"] {
            let refused = await gateway.send(.get, "/admin/refusals", query: bad, as: nil, headers: admin)
            #expect(refused.status == 400 && refused.errorCode == "invalid_input", "\(bad)")
        }
        #expect(await gateway.send(.get, "/admin/refusals", as: nil).status == 401)
    }
}
