import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

@Suite("Client disconnects and shutdown")
struct DisconnectTests {
    @Test("when the client leaves mid-stream the provider call is cancelled at once and the audit says cancelled")
    func clientLeaves() async throws {
        let harness = try GatewayHarness(script: Script(tokens: (0..<100).map { "t\($0) " }, interval: .milliseconds(20)))
        // A request's own provider call; a shared one (itinerary summaries) is SummaryCacheEndToEndTests'.
        let (connection, status, headers) = try await harness.openStream(body: GatewayHarness.uncachedBody)
        #expect(status == 200)
        _ = try await onOwnThread { try connection.read(until: "t2 ", timeout: .seconds(5)) }
        let leftAt = ContinuousClock.now
        connection.close()
        let recorded = try #require(await harness.upstream.waitForEnd(of: 0))
        let disconnectedAt = try #require(recorded.disconnectedAt)
        #expect(disconnectedAt - leftAt < .milliseconds(100))
        #expect(recorded.tokensSent < 100)
        let row = try #require(await harness.auditRow(headers["x-request-id"]))
        #expect(row.status == .cancelled)
        #expect(row.outputTokens > 0)
    }

    @Test("a client that leaves before the first token also cancels the provider call")
    func clientLeavesBeforeFirstToken() async throws {
        let harness = try GatewayHarness(script: Script(firstTokenDelay: .seconds(30)))
        let (connection, _, _) = try await harness.openStream(body: GatewayHarness.uncachedBody)
        _ = try await onOwnThread { try connection.read(until: ": ping", timeout: .seconds(5)) }
        // Wait until the upstream has the request, then leave.
        for _ in 0..<500 where harness.upstream.requests.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        let leftAt = ContinuousClock.now
        connection.close()
        let recorded = try #require(await harness.upstream.waitForEnd(of: 0))
        #expect(try #require(recorded.disconnectedAt) - leftAt < .milliseconds(100))
        #expect(recorded.tokensSent == 0)
    }

    @Test("a client that stops reading pauses the provider: the upstream cannot run ahead of it")
    func slowClientPausesUpstream() async throws {
        let token = String(repeating: "y", count: 4000)
        let harness = try GatewayHarness(script: Script(tokens: Array(repeating: token, count: 20_000)))
        // A feature whose answers are not shared: a shared call is read at the provider's pace (and bounded
        // in bytes; see SummaryFlightTests).
        let (connection, status, _) = try await harness.openStream(body: GatewayHarness.uncachedBody)
        #expect(status == 200)
        // Read nothing more. Socket buffers, the gateway's body buffer and curl's pause must stop the upstream
        // long before its 80 MB.
        var previous = -1
        var sent = 0
        for _ in 0..<30 {
            try await Task.sleep(for: .milliseconds(200))
            sent = harness.upstream.requests.first?.tokensSent ?? 0
            if sent == previous { break }
            previous = sent
        }
        #expect(sent == previous, "the upstream never stopped")
        #expect(sent < 5_000)
        connection.close()
        #expect(await harness.upstream.waitForEnd(of: 0)?.disconnectedAt != nil)
    }

    @Test("audit rows hold metadata only: no prompt, input or output text")
    func auditHoldsNoContent() async throws {
        let secret = "Bagajım kayboldu, talep kodu ZX-CANARY-91, kart 4111111111111111"
        let harness = try GatewayHarness(script: Script(tokens: ["SECRET-OUTPUT-TEXT"]))
        let response = try await harness.stream(body: GatewayHarness.body(feature: "support_chat", input: ["message": .string(secret)]))
        #expect(response.status == 200)
        let row = try #require(await harness.auditRow(response.headers["x-request-id"]))
        #expect(row.user == "u1")
        #expect(row.feature == "support_chat")
        #expect(row.promptVersion == "2026-12-02.1")
        #expect(row.model == "local-small")
        #expect(row.trust == "unavailable")
        #expect(row.status == .ok)
        #expect(row.timeToFirstTokenMs != nil)
        #expect(row.totalMs >= row.timeToFirstTokenMs ?? 0)
        // Read the raw database file: neither the input nor the output appears anywhere in it.
        let file = try Data(contentsOf: harness.dataDirectory.appendingPathComponent("assist.sqlite"))
        let wal = (try? Data(contentsOf: harness.dataDirectory.appendingPathComponent("assist.sqlite-wal"))) ?? Data()
        for needle in ["4111111111111111", "SECRET-OUTPUT-TEXT", "ZX-CANARY-91", "kayboldu"] {
            #expect(file.range(of: Data(needle.utf8)) == nil)
            #expect(wal.range(of: Data(needle.utf8)) == nil)
        }
    }

    @Test("graceful shutdown lets an in-flight stream finish, refusing new connections meanwhile")
    func drainFinishes() async throws {
        let harness = try GatewayHarness(script: Script(tokens: (0..<6).map { "t\($0)" }, interval: .milliseconds(100)))
        let (connection, _, _) = try await harness.openStream()
        _ = try await onOwnThread { try connection.read(until: "t0", timeout: .seconds(5)) }
        let port = harness.port
        async let drained = GracefulShutdownProbe.run(harness, drain: .seconds(5))
        try await Task.sleep(for: .milliseconds(100))
        #expect(throws: (any Error).self) { try TestConnection(port: port) }
        let rest = try await onOwnThread { try connection.readToEnd() }
        #expect(TestResponse.events(in: rest).last == .done(finishReason: "stop", promptVersion: "2026-11-30.1"))
        #expect(await drained == true)
    }

    @Test("streams still running after the drain time are cancelled with an error event")
    func drainTimeout() async throws {
        let harness = try GatewayHarness(script: Script(tokens: (0..<100).map { "t\($0)" }, interval: .milliseconds(100)))
        let (connection, _, headers) = try await harness.openStream()
        _ = try await onOwnThread { try connection.read(until: "t0", timeout: .seconds(5)) }
        let drained = await GracefulShutdownProbe.run(harness, drain: .milliseconds(300))
        #expect(drained == false)
        let rest = try await onOwnThread { try connection.readToEnd() }
        #expect(TestResponse.events(in: rest).last == .error(code: .shuttingDown))
        #expect(await harness.upstream.waitForEnd(of: 0)?.disconnectedAt != nil)
        #expect(await harness.auditRow(headers["x-request-id"])?.status == .cancelled)
    }
}

import AssistServer

enum GracefulShutdownProbe {
    static func run(_ harness: GatewayHarness, drain: Duration) async -> Bool {
        await GracefulShutdown.run(harness.server, drain: drain)
    }
}
