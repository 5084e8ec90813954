import AssistGateway
import AssistRedis
import AssistServer
import AssistTestSupport
import AssistWire
import Foundation
import ScriptedUpstream
import Testing

extension ReplicaTests {
    /// Quotas and the stream cap hold across replicas: counted in one Redis, exactly, whichever replica a request
    /// reaches, and a replica that dies gives its users' stream slots back by itself, after the lease time.
    @Suite("Replicas: exact quotas and the stream cap across replicas")
    struct ReplicaQuotaTests {
        @Test("3 replicas, one user, 100 requests a day: of 300 concurrent requests exactly 100 are admitted, tokens settled exactly")
        func exactQuota() async throws {
            let cluster = try await ReplicaCluster.make()
            var replicas: [Replica] = []
            for _ in 0..<3 {
                replicas.append(try await Replica(cluster, limits: ["maxConcurrentStreamsPerUser": 1000], features: [
                    "support_chat": ["quotas": ["trusted": ["requestsPerDay": 100, "tokensPerDay": 10_000_000],
                                                "degraded": ["requestsPerDay": 100, "tokensPerDay": 10_000_000],
                                                "untrusted": ["requestsPerDay": 100, "tokensPerDay": 10_000_000],
                                                "unavailable": ["requestsPerDay": 100, "tokensPerDay": 10_000_000]]],
                ]))
            }
            let user = "exact-\(UUID().uuidString)"
            let outcomes = await withTaskGroup(of: (status: Int, id: String?).self) { group in
                for index in 0..<300 {
                    let replica = replicas[index % 3]
                    group.addTask {
                        let response = try? await replica.stream(user)
                        return (response?.status ?? 0, response?.headers["x-request-id"])
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let admitted = outcomes.filter { $0.status == 200 }, refused = outcomes.filter { $0.status == 429 }
            print("exact quotas: \(admitted.count) admitted and \(refused.count) refused of \(outcomes.count), limit 100, over 3 replicas")
            #expect(admitted.count == 100)
            #expect(refused.count == 200)

            // One audit row per request, in the shared PostgreSQL; the admitted ones' tokens are what Redis counts.
            var okTokens = 0, okRows = 0, rejectedRows = 0
            for outcome in outcomes {
                guard let row = await replicas[0].auditRow(outcome.id) else { Issue.record("no audit row for \(outcome.id ?? "?")"); continue }
                if row.status == .ok {
                    okRows += 1
                    okTokens += row.inputTokens + row.outputTokens
                } else if row.status == .rejected, row.reason == "quota_exceeded" {
                    rejectedRows += 1
                }
            }
            let window = try await RedisQuotaStore(client: replicas[0].shared.redis)
                .usage(for: QuotaKey(user: user, feature: "support_chat", day: UTCDay(containing: Date())))
            print("exact quotas: \(okRows) ok and \(rejectedRows) rejected audit rows; Redis counts \(window.requests) requests and "
                  + "\(window.tokens) tokens, the rows \(okTokens)")
            #expect(okRows == 100 && rejectedRows == 200)
            #expect(window.requests == 100)
            #expect(window.tokens == okTokens && okTokens > 0)
            for replica in replicas { #expect(replica.dependencies.state.streamSlots.openStreams == 0) }
            for replica in replicas { await replica.stop() }
            await cluster.remove()
        }

        @Test("the stream cap holds across 2 replicas; a replica that dies without giving back frees its user's slot after the lease time")
        func streamCapAndDeadReplica() async throws {
            let cluster = try await ReplicaCluster.make(script: Script(tokens: ["first"], ending: .stall))
            let limits: [String: JSONValue] = ["maxConcurrentStreamsPerUser": 2, "streamLeaseSeconds": 2]
            let (a, b) = (try await Replica(cluster, limits: limits), try await Replica(cluster, limits: limits))
            let user = "cap-\(UUID().uuidString)"
            let (onA, statusA) = try await a.openStream(user)
            let (onB, statusB) = try await b.openStream(user)
            #expect(statusA == 200 && statusB == 200)
            #expect(try await a.stream(user).errorCode == "too_many_streams")
            #expect(try await b.stream(user).errorCode == "too_many_streams")

            // A dies: its lease is neither renewed nor given back; B's is renewed past its ttl.
            await a.die()
            onA.close()
            #expect(try await b.stream(user).errorCode == "too_many_streams")
            let died = ContinuousClock.now
            var freed: Duration?
            while ContinuousClock.now - died < .seconds(6) {
                let (connection, status) = try await b.openStream(user)
                if status == 200 {
                    freed = ContinuousClock.now - died
                    connection.close()
                    break
                }
                connection.close()
                try await Task.sleep(for: .milliseconds(100))
            }
            print("stream cap: a dead replica's lease freed after \(freed.map { "\($0)" } ?? "never") (lease 2 s)")
            let after = try #require(freed)
            #expect(after >= .seconds(1) && after < .seconds(4))
            // B's own stream still holds its slot: one more is admitted at most (the one just closed is given back).
            try await Task.sleep(for: .milliseconds(200))
            let (second, status) = try await b.openStream(user)
            #expect(status == 200)
            #expect(try await b.stream(user).errorCode == "too_many_streams")
            second.close()
            onB.close()
            await b.stop()
            await cluster.remove()
        }
    }
}
