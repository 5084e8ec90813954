import AssistGateway
import AssistPostgres
import AssistServer
import AssistTestSupport
import AssistWire
import Foundation
import LocalServers
import Testing

extension ReplicaTests {
    /// Client integrity across replicas: an App Attest assertion's counter lives in PostgreSQL and moves by
    /// compare-and-set, so an assertion replayed on another replica is untrusted; a Play Integrity token is
    /// recorded as used in Redis with SET NX, so a token spent on one replica is refused on the next; a challenge
    /// lives in Redis and is consumed with GETDEL, so a challenge used on one replica is refused on the next.
    @Suite("Replicas: integrity across replicas")
    struct ReplicaIntegrityTests {
        static let appId = "TEAM123456.com.example.assist"
        static let quotas: JSONValue = [
            "trusted": ["requestsPerDay": 10, "tokensPerDay": 100_000], "degraded": ["requestsPerDay": 10, "tokensPerDay": 100_000],
            "untrusted": ["requestsPerDay": 10, "tokensPerDay": 100_000], "unavailable": ["requestsPerDay": 0, "tokensPerDay": 0],
        ]
        static let summary = JSONWriter.bytes(["feature": "itinerary_summary", "input": ["bookingId": "BK-2041"], "locale": "en-US"])
        static let features: [String: [String: JSONValue]] = ["support_chat": ["quotas": quotas],
                                                              "itinerary_summary": ["quotas": quotas, "freshChallenge": true]]

        /// A request from u1 with `session` and `header`; its audit row, from the shared PostgreSQL.
        func send(_ replica: Replica, _ header: String?, session: String, body: [UInt8] = Replica.chat) async throws -> AuditRecord? {
            let response = try await replica.stream("u1", session: session, body: body, headers: header.map { [("X-Assist-Integrity", $0)] } ?? [])
            return await replica.auditRow(response.headers["x-request-id"])
        }

        func challenge(from replica: Replica) async throws -> String {
            let issued = try await testRequest(port: replica.port, method: "POST", path: "/v1/integrity/challenge",
                                               headers: [("Authorization", "Bearer \(replica.token("u1"))")])
            return try #require(issued.json?["challenge"]?.stringValue)
        }

        @Test("an assertion replayed on another replica is untrusted; a challenge used on two replicas is refused on the second")
        func acrossReplicas() async throws {
            let cluster = try await ReplicaCluster.make()
            let integrity: JSONValue = ["appAttest": ["appId": .string(Self.appId), "environment": "development"]]
            let (a, b) = (try await Replica(cluster, features: Self.features, integrity: integrity),
                          try await Replica(cluster, features: Self.features, integrity: integrity))
            let device = try SoftwareAppAttest(appId: Self.appId)
            // Registered once, in the shared PostgreSQL: every replica verifies against the same key and counter.
            try await a.shared.postgres.deviceKeys.register(
                DeviceKey(user: "u1", keyId: device.keyId, publicKey: device.publicKeyPoint, counter: 0, environment: "development"))
            let session = a.token("u1")

            let fresh = device.header(method: "POST", path: "/v1/assist/stream", body: Replica.chat, sessionToken: session, challenge: nil)
            let onA = try await send(a, fresh, session: session)
            #expect(onA?.trust == "trusted")
            let replayed = try await send(b, device.lastHeader, session: session)
            #expect(replayed?.trust == "untrusted" && replayed?.trustReason == "counter_not_increased")
            // The next genuine assertion is trusted on B: the counter B checks against is the one A advanced.
            let next = device.header(method: "POST", path: "/v1/assist/stream", body: Replica.chat, sessionToken: session, challenge: nil)
            #expect(try await send(b, next, session: session)?.trust == "trusted")

            let challenge = try await challenge(from: a)
            func summaryWithChallenge(on replica: Replica) async throws -> AuditRecord? {
                try await send(replica, device.header(method: "POST", path: "/v1/assist/stream", body: Self.summary, sessionToken: session,
                                                      challenge: challenge),
                               session: session, body: Self.summary)
            }
            let first = try await summaryWithChallenge(on: a)
            #expect(first?.trust == "trusted")
            // A new assertion (its counter higher) over the same challenge, on the other replica.
            let second = try await summaryWithChallenge(on: b)
            #expect(second?.trust == "untrusted" && second?.trustReason == "challenge_invalid")
            await a.stop()
            await b.stop()
            await cluster.remove()
        }

        @Test("a Play Integrity token spent on one replica is replayed on another; a challenge in a Play token is consumed once across replicas")
        func playTokenAcrossReplicas() async throws {
            let cluster = try await ReplicaCluster.make()
            let play = try SoftwarePlayIntegrity()
            let (a, b) = (try await Replica(cluster, features: Self.features, integrity: play.settings, environment: play.environment),
                          try await Replica(cluster, features: Self.features, integrity: play.settings, environment: play.environment))
            let session = a.token("u1")

            let token = try play.token(body: Replica.chat, sessionToken: session)
            #expect(try await send(a, SoftwarePlayIntegrity.header(token: token), session: session)?.trust == "trusted")
            let onB = try await send(b, SoftwarePlayIntegrity.header(token: token), session: session)
            #expect(onB?.trust == "untrusted" && onB?.trustReason == "replayed")
            #expect(try await send(a, SoftwarePlayIntegrity.header(token: token), session: session)?.trustReason == "replayed")
            // Many replicas at once: one token is trusted once.
            let raced = try play.token(body: Replica.chat, sessionToken: session)
            let trusted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<6 {
                    group.addTask { try await send(index.isMultiple(of: 2) ? a : b, SoftwarePlayIntegrity.header(token: raced), session: session)?.trust == "trusted" }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(trusted == 1)

            let challenge = try await challenge(from: a)
            func summary(on replica: Replica, challenge: String?) async throws -> AuditRecord? {
                let token = try play.token(body: Self.summary, sessionToken: session, challenge: challenge)
                return try await send(replica, SoftwarePlayIntegrity.header(token: token, challenge: challenge), session: session, body: Self.summary)
            }
            #expect(try await summary(on: a, challenge: nil)?.trustReason == "challenge_missing")
            #expect(try await summary(on: b, challenge: challenge)?.trust == "trusted")
            let reused = try await summary(on: a, challenge: challenge)
            #expect(reused?.trust == "untrusted" && reused?.trustReason == "challenge_invalid")
            await a.stop()
            await b.stop()
            await cluster.remove()
        }

        @Test("with Redis down, a Play Integrity token cannot be checked for reuse: degraded, verifier_unavailable")
        func playTokenWithRedisDown() async throws {
            let cluster = try await ReplicaCluster.make(privateRedis: true)
            let redis = try #require(cluster.privateRedis)
            let play = try SoftwarePlayIntegrity()
            // Open: served on the replica's own limits while Redis is down, so the audit row shows the verdict.
            let replica = try await Replica(cluster, features: Self.features, storage: ["onRedisDown": "open"], integrity: play.settings,
                                            environment: play.environment)
            let session = replica.token("u1")
            await redis.stop()
            let row = try await send(replica, SoftwarePlayIntegrity.header(token: play.token(body: Replica.chat, sessionToken: session)), session: session)
            #expect(row?.trust == "degraded" && row?.trustReason == "verifier_unavailable")
            await replica.stop()
            await cluster.remove()
        }
    }
}
