import AssistGateway
import AssistHTTP
import AssistTestSupport
import AssistWire
import Synchronization
import Testing

/// An admitted request's audit row is written before it is served (`started`, carrying the reservation)
/// and replaced when it ends; the gateway does not serve what it cannot audit unless told to.
@Suite("Audit written ahead")
struct WriteAheadTests {
    @Test("while a stream runs its row is started with the reservation; at its end the row is replaced, never doubled")
    func startedThenEnded() async throws {
        let gate = Gate()
        let provider = ScriptedProvider(ScriptedProvider.Script(chunks: [.text("a"), .text("b"), .finish(reason: "stop")], gate: gate))
        let gateway = try InProcessGateway(provider: provider)
        let exchange = await gateway.stream()
        let (writer, task) = exchange.start()
        #expect(await writer.waitForDeltas(1))
        let started = try #require(await gateway.auditRow(exchange))
        #expect(started.status == .started && started.instance == "local")
        #expect(started.outputTokens == 300 && started.inputTokens > 0)  // support_chat's cap, and the prompt's estimate
        gate.open()
        await task.value
        let ended = try #require(await gateway.auditRow(exchange))
        #expect(ended.status == .ok && ended.outputTokens == TokenEstimator.estimate("ab"))
        #expect(try await gateway.audit.recent(limit: 10).count == 1)
    }

    @Test("audit fails closed: a started row that cannot be written is 503 audit_unavailable, nothing held, no provider call")
    func failClosed() async throws {
        let audit = BreakableAudit()
        let gateway = try InProcessGateway(audit: audit)
        audit.broken.withLock { $0 = true }
        let refused = await gateway.stream()
        #expect(refused.status == 503 && refused.errorCode == "audit_unavailable" && refused.response.header(.retryAfter) == "1")
        #expect(gateway.provider.requests.isEmpty)
        gateway.expectNothingHeld()
    }

    @Test("an audit store that cannot be read is a 503, never a 404 or an empty log; its rows keep the request's trace id")
    func readOutage() async throws {
        let audit = BreakableAudit()
        let gateway = try InProcessGateway(audit: audit)
        let exchange = await gateway.stream()
        _ = await exchange.body()
        let requestId = try #require(exchange.requestId)
        #expect(try #require(await gateway.auditRow(exchange)).traceId == exchange.response.header(.traceId))
        audit.readsBroken.withLock { $0 = true }
        let verdict: JSONValue = ["requestId": .string(requestId), "verdict": "wrong"]
        let feedback = await gateway.send(.post, "/v1/feedback", json: verdict)
        #expect(feedback.status == 503 && feedback.errorCode == "unavailable" && feedback.response.header(.retryAfter) == "1")
        let log = await gateway.send(.get, "/admin/audit", as: nil, headers: [(.authorization, "Bearer admin-secret")])
        #expect(log.status == 503 && log.errorCode == "unavailable")
        audit.readsBroken.withLock { $0 = false }
        #expect(await gateway.send(.post, "/v1/feedback", json: verdict).status == 201)
        let rows = await gateway.send(.get, "/admin/audit", as: nil, headers: [(.authorization, "Bearer admin-secret")])
        #expect(rows.json?["rows"]?.arrayValue?.first?["traceId"]?.stringValue == exchange.response.header(.traceId))
    }

    @Test("audit.onFailure open serves while rows are lost")
    func failOpen() async throws {
        let audit = BreakableAudit()
        let gateway = try InProcessGateway(audit: audit) { $0.set("audit", ["onFailure": "open"]) }
        audit.broken.withLock { $0 = true }
        let served = await gateway.stream()
        #expect(served.status == 200)
        _ = await served.body()
        gateway.expectNothingHeld()
    }

    @Test("at start-up an instance closes its own rows still started as interrupted, once, and no other instance's")
    func closeInterrupted() async throws {
        let gateway = try InProcessGateway(provider: ScriptedProvider(ScriptedProvider.Script(chunks: [.text("a")], end: .hang)))
        let exchange = await gateway.stream()
        let (writer, task) = exchange.start()
        #expect(await writer.waitForDeltas(1))
        try await gateway.audit.record(AuditRecord(requestId: "req_other", time: gateway.clock.now(), status: .started))  // another instance's
        #expect(try await gateway.dependencies.closeInterruptedRequests() == 1)
        #expect(try #require(await gateway.auditRow(exchange)).status == .interrupted)
        #expect(try await gateway.audit.record(for: "req_other")?.status == .started)
        #expect(try await gateway.dependencies.closeInterruptedRequests() == 0)
        task.cancel()
        await task.value
    }
}
