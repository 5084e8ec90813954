import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import ScriptedUpstream
import Testing

extension ReplicaTests {
    /// Rows left `started` by a replica that never comes back are closed as `interrupted` by the others once its
    /// presence lease has lapsed; a live replica's open rows are left alone.
    @Suite("Replicas: rows of a departed replica")
    struct DepartedReplicaTests {
        @Test("a departed replica's open row is closed by another within a lease time or two; a live replica's stays open")
        func departedRowsClosed() async throws {
            let cluster = try await ReplicaCluster.make(script: Script(tokens: ["first"], ending: .stall))
            let (a, b) = (try await Replica(cluster, limits: ["streamLeaseSeconds": 1]), try await Replica(cluster, limits: ["streamLeaseSeconds": 1]))
            let (stream, status) = try await a.openStream("u1")
            #expect(status == 200)
            var ghost = AuditRecord(requestId: "ghost-\(UUID().uuidString)", time: Date(), user: "u1", feature: "support_chat", status: .started)
            ghost.instance = "gone-\(UUID().uuidString)"  // a replica that wrote this row, then vanished with its presence lease
            try await b.dependencies.stores.audit.record(ghost)

            let closed = await b.auditRow(ghost.requestId, timeout: .seconds(6))
            #expect(closed?.status == .interrupted)
            // Two more sweeps of each replica: A's own open row (its stream still runs) is not touched.
            try await Task.sleep(for: .milliseconds(2500))
            let open = try await a.dependencies.stores.audit.instancesWithOpenRows()
            #expect(open.contains(a.dependencies.instance) && !open.contains(ghost.instance))
            stream.close()
            await a.stop()
            await b.stop()
            await cluster.remove()
        }
    }
}
