import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import LocalServers
import Testing

extension ReplicaTests {
    /// Redis stopped under running replicas: requests that need a quota are 503 `quota_unavailable` with
    /// `Retry-After` and `/healthz` is 503 (or, with `onRedisDown: "open"`, served under the replica's own limits
    /// and audited so); once Redis is back the same replicas serve again, without a restart.
    @Suite("Replicas: Redis stopped and restarted")
    struct RedisDownTests {
        /// Polls `condition` every 50 ms for up to `timeout`; returns whether it came true.
        func eventually(_ timeout: Duration = .seconds(10), _ condition: () async throws -> Bool) async rethrows -> Bool {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if try await condition() { return true }
                try? await Task.sleep(for: .milliseconds(50))
            }
            return false
        }

        @Test("closed: 503 quota_unavailable, Retry-After, /healthz 503; open: served, audited redis_down; both serve after a restart")
        func stopAndRestart() async throws {
            let cluster = try await ReplicaCluster.make(privateRedis: true)
            let redis = try #require(cluster.privateRedis)
            let closed = try await Replica(cluster)
            let open = try await Replica(cluster, storage: ["onRedisDown": "open"])
            let user = "down-\(UUID().uuidString)"
            #expect(try await closed.stream(user).status == 200)
            #expect(try await open.stream(user).status == 200)

            await redis.stop()
            let refused = try await closed.stream(user)
            #expect(refused.status == 503 && refused.errorCode == "quota_unavailable")
            #expect(refused.headers["retry-after"] == "1")
            #expect(await closed.auditRow(refused.headers["x-request-id"])?.reason == "quota_unavailable")
            let served = try await open.stream(user)
            #expect(served.status == 200 && served.events.last.map { if case .done = $0 { true } else { false } } == true)
            #expect(await open.auditRow(served.headers["x-request-id"])?.reason == "redis_down")

            #expect(try await eventually {
                let health = try await closed.get("/healthz")
                return health.status == 503 && health.json?["checks"]?["redis"]?["status"] == "unavailable"
            })
            #expect(try await eventually {
                let health = try await open.get("/healthz")
                return health.status == 200 && health.json?["status"] == "degraded" && health.json?["checks"]?["redis"]?["status"] == "unavailable"
                    && health.json?["checks"]?["postgres"]?["status"] == "ok"
            })

            try await redis.restart()
            let restarted = ContinuousClock.now
            #expect(try await eventually { try await closed.stream(user).status == 200 })
            print("redis down: served again \(ContinuousClock.now - restarted) after Redis restarted")
            #expect(try await eventually { try await closed.get("/healthz").json?["status"] == "ok" })
            let back = try await open.stream(user)
            let backRow = await open.auditRow(back.headers["x-request-id"])
            #expect(back.status == 200 && backRow?.reason == "")
            await closed.stop()
            await open.stop()
            await cluster.remove()
        }
    }
}
