import AssistAuditSpool
import AssistGateway
import AssistPostgres
import AssistServer
import AssistTestSupport
import AssistWire
import Foundation
import LocalServers
import Testing

extension ReplicaTests {
    /// PostgreSQL stopped under a replica that spools its audit rows, as `assist serve` does: requests go on
    /// being served (a spooled row counts as audited), `/healthz` says `spooling`, the spool's backlog is in
    /// `/metrics`, and once PostgreSQL is back every request has exactly one row there, with its final status.
    @Suite("Replicas: audit through a PostgreSQL outage")
    struct AuditOutageTests {
        @Test("a burst while PostgreSQL is down is served; after its restart, exactly one ok row per request")
        func burstThroughAnOutage() async throws {
            let cluster = try await ReplicaCluster.make(privatePostgres: true)
            let postgres = try #require(cluster.privatePostgres)
            let replica = try await Replica(cluster, limits: ["maxConcurrentStreamsPerUser": 1000], auditSpool: true)
            defer { Task { await replica.stop(); await cluster.remove() } }
            let spool = try #require(replica.shared.spool)

            try await postgres.stop()
            var ids: [String] = []
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for index in 0..<40 { group.addTask { try await replica.stream("outage-\(index % 4)") } }
                for try await response in group {
                    #expect(response.status == 200, "\(response.text)")
                    if let id = response.headers["x-request-id"] { ids.append(id) }
                }
            }
            #expect(ids.count == 40)
            #expect(spool.size.rows >= 40, "the rows wait in the spool")
            var health = try await replica.get("/healthz")
            for _ in 0..<40 where health.json?["checks"]?["postgres"]?["status"] != "spooling" {
                try await Task.sleep(for: .milliseconds(100))
                health = try await replica.get("/healthz")
            }
            #expect(health.status == 200 && health.json?["checks"]?["postgres"]?["status"] == "spooling", "\(health.text)")
            #expect(try await replica.get("/metrics").text.contains("assist_audit_spool_rows"))

            try await postgres.startAgain()
            for _ in 0..<200 where spool.size.rows > 0 { try await Task.sleep(for: .milliseconds(50)) }
            #expect(spool.size.rows == 0, "the spool is shipped once PostgreSQL is back")
            let remote = replica.shared.postgres.audit
            for id in ids {
                let row = try await remote.record(for: id)
                #expect(row?.status == .ok, "\(id): \(String(describing: row))")
            }
            let rows = try await remote.recent(limit: 1000).filter { ids.contains($0.requestId) }
            #expect(rows.count == ids.count, "one row per request")
        }
    }
}
