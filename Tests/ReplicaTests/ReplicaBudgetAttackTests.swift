import AssistGateway
import AssistPostgres
import AssistServer
import AssistTestSupport
import AssistWire
import Foundation
import Testing

extension ReplicaTests {
    /// Issue 26 in shared mode: the budget attack (overflowing SMS amounts, impossible dates) is refused by the import
    /// on a replica as on one box, and rows it left from before fail the attacker's question with a 500, not the replica;
    /// a replica started again on the same data directory does the same.
    @Suite("Replicas: the budget attack fails one request, not the replica")
    struct ReplicaBudgetAttackTests {
        func ask(_ replica: Replica, user: String) async throws -> TestResponse {
            try await testRequest(port: replica.port, method: "POST", path: "/v1/assist", headers: [("Authorization", "Bearer \(replica.token(user))")],
                                  body: JSONWriter.bytes(["feature": "budget_question", "locale": "en-US",
                                                          "input": ["question": "How much did I spend in November?", "today": "2026-12-01"]]))
        }

        @Test("the import refuses the attack; rows from before fail the question with 500; a restarted replica answers it the same")
        func attackOnAReplica() async throws {
            let cluster = try await ReplicaCluster.make()
            let first = try await Replica(cluster)
            let attacker = "attacker-\(UUID().uuidString)"
            let imported = try await testRequest(port: first.port, method: "POST", path: "/v1/budget/sms",
                                                 headers: [("Authorization", "Bearer \(first.token(attacker))")],
                                                 body: JSONWriter.bytes(["messages": [
                                                     "Your card ending 1234 was charged 92233720368547758.08 TRY at SHOP on 12/11/2026.",
                                                     "Your card ending 1234 was charged 92233720368547758.08 TRY at SHOP on 13/11/2026.",
                                                     "Your card ending 1234 was charged 10.00 TRY at SHOP on 31/02/2026."]]))
            #expect(imported.json?["stored"] == 0 && imported.json?["rejected"]?.arrayValue?.count == 3, "\(imported.text)")
            #expect(try await ask(first, user: attacker).json?["valueMinor"] == 0)

            // What the import accepted before its bounds: two rows whose sum leaves Int's range, in the shared store.
            for day in ["2026-11-12", "2026-11-13"] {
                try await first.shared.postgres.client.query("""
                    INSERT INTO budget_transactions (user_id, date, merchant, category, amount_minor) VALUES ($1, $2, 'SHOP', 'other', $3)
                    """, [.text(attacker), .text(day), .integer(Int64.max)])
            }
            let failed = try await ask(first, user: attacker)
            #expect(failed.status == 500 && failed.errorCode == "internal_error", "\(failed.text)")
            #expect(try await ask(first, user: "u1").status == 200)

            await first.stop(keepingData: true)
            let restarted = try await Replica(cluster, dataDirectory: first.dataDirectory)
            let again = try await ask(restarted, user: attacker)
            #expect(again.status == 500 && again.errorCode == "internal_error", "\(again.text)")
            #expect(try await ask(restarted, user: "u1").status == 200)
            await restarted.stop()
            await cluster.remove()
        }
    }
}
