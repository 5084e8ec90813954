import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import ScriptedUpstream
import Testing

extension ReplicaTests {
    /// Itinerary summaries across replicas: one provider call per cache key at a time, whichever replicas the
    /// identical requests reach (a generation lease in Redis); the others wait for the answer in PostgreSQL
    /// and replay it.
    @Suite("Replicas: one summary generation across replicas")
    struct ReplicaSummaryTests {
        static let summary = JSONWriter.bytes(["feature": "itinerary_summary", "input": ["bookingId": "BK-2041"], "locale": "en-US"])

        /// The streamed answer's text, its deltas joined.
        static func answer(_ response: TestResponse) -> String {
            response.events.map { if case .delta(let text) = $0 { text } else { "" } }.joined()
        }

        @Test("9 identical summary requests over 3 replicas at once: one provider call, the same text for all, stored once")
        func oneCallAcrossReplicas() async throws {
            // Slow enough (about 0.6 s) that every request arrives while the first call runs.
            let script = Script(tokens: ["Your ", "flight ", "TK1755 ", "leaves ", "Istanbul ", "at ", "09:40", "."], firstTokenDelay: .milliseconds(200),
                                interval: .milliseconds(50))
            let cluster = try await ReplicaCluster.make(script: script)
            var replicas: [Replica] = []
            for _ in 0..<3 { replicas.append(try await Replica(cluster, limits: ["maxConcurrentStreamsPerUser": 100])) }
            let texts = await withTaskGroup(of: (status: Int, text: String).self) { group in
                for index in 0..<9 {
                    let replica = replicas[index % 3]
                    group.addTask {
                        guard let response = try? await replica.stream("u1", body: Self.summary) else { return (0, "") }
                        return (response.status, Self.answer(response))
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(texts.allSatisfy { $0.status == 200 }, "\(texts.map(\.status))")
            #expect(Set(texts.map(\.text)) == ["Your flight TK1755 leaves Istanbul at 09:40."])
            #expect(cluster.upstream.requests.count == 1, "one provider call across the replicas, not one per replica")
            for replica in replicas { #expect(replica.dependencies.state.sharedCalls.count == 0) }

            // Later requests replay the stored answer on any replica.
            #expect(Self.answer(try await replicas[2].stream("u1", body: Self.summary)) == "Your flight TK1755 leaves Istanbul at 09:40.")
            #expect(cluster.upstream.requests.count == 1)
            for replica in replicas { await replica.stop() }
            await cluster.remove()
        }
    }
}
