import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import Testing

extension ReplicaTests {
    /// Feedback with shared storage (PostgreSQL) is held to what it is in SQLite mode: a NUL in the reason is the
    /// same 400 (PostgreSQL would refuse the text, a 503), one verdict per request and user wherever it is sent,
    /// and users are their ids' bytes.
    @Suite("Replicas: feedback in PostgreSQL")
    struct ReplicaFeedbackTests {
        func feedback(_ replica: Replica, user: String, _ body: JSONValue) async throws -> TestResponse {
            try await testRequest(port: replica.port, method: "POST", path: "/v1/feedback",
                                  headers: [("Authorization", "Bearer \(replica.token(user))"), ("Content-Type", "application/json")],
                                  body: JSONWriter.bytes(body))
        }

        @Test("a NUL in the reason is 400 invalid_input, as in SQLite mode; a verdict sent again through another replica replaces the first; the export holds it once")
        func reasonsAndRepeats() async throws {
            let cluster = try await ReplicaCluster.make()
            let (a, b) = (try await Replica(cluster), try await Replica(cluster))
            let user = "fb-\(UUID().uuidString)"
            let stream = try await a.stream(user)
            #expect(stream.status == 200, "\(stream.text)")
            let requestId = try #require(stream.headers["x-request-id"])
            #expect(await a.auditRow(requestId) != nil)

            let refused = try await feedback(a, user: user, ["requestId": .string(requestId), "verdict": "wrong", "reason": "kept\u{0}cut"])
            #expect(refused.status == 400, "\(refused.text)")
            #expect(refused.errorCode == "invalid_input")
            #expect(refused.json?["error"]?["message"]?.stringValue?.hasPrefix("reason: ") == true)

            // The first on B (which does not remember the request's input), the second on A (which does).
            #expect(try await feedback(b, user: user, ["requestId": .string(requestId), "verdict": "wrong", "reason": "first"]).status == 201)
            #expect(try await feedback(a, user: user, ["requestId": .string(requestId), "verdict": "wrong", "reason": "second"]).status == 201)
            let stored = try await b.dependencies.stores.feedback.all().filter { $0.requestId == requestId }
            #expect(stored.map(\.reason) == ["second"])
            let export = try await a.admin("GET", "/admin/feedback/export")
            let cases = export.json?["cases"]?.arrayValue?.filter { $0["id"]?.stringValue == "fb-\(requestId)" } ?? []
            #expect(cases.count == 1 && cases.first?["reason"] == "second", "\(export.text)")
            await a.stop()
            await b.stop()
            await cluster.remove()
        }

        @Test("a user whose id is another's in another Unicode normalization gets 404 on that user's request")
        func ownershipByBytes() async throws {
            let cluster = try await ReplicaCluster.make()
            let replica = try await Replica(cluster)
            let suffix = UUID().uuidString
            let (decomposed, precomposed) = ("rene\u{301}-\(suffix)", "ren\u{E9}-\(suffix)")
            let stream = try await replica.stream(precomposed)
            let requestId = try #require(stream.headers["x-request-id"])
            #expect(await replica.auditRow(requestId) != nil)
            let foreign = try await feedback(replica, user: decomposed, ["requestId": .string(requestId), "verdict": "wrong"])
            #expect(foreign.status == 404, "\(foreign.text)")
            #expect(try await replica.dependencies.stores.feedback.all().filter { $0.requestId == requestId }.isEmpty)
            #expect(try await feedback(replica, user: precomposed, ["requestId": .string(requestId), "verdict": "wrong"]).status == 201)
            await replica.stop()
            await cluster.remove()
        }
    }
}
