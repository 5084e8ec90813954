import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import ScriptedUpstream
import Testing

extension ReplicaTests {
    /// Admin changes reach every replica within a second: the override is stored in PostgreSQL and announced with
    /// NOTIFY in its own transaction; ending streams and reloads are announced on the cluster's admin channel.
    @Suite("Replicas: admin changes across replicas")
    struct ReplicaAdminTests {
        @Test("kill switch on A: B's next request is 403 within 1 s and B's open stream ends with feature_disabled; undone on B, A serves again")
        func killSwitch() async throws {
            let cluster = try await ReplicaCluster.make(script: Script(tokens: ["first"], ending: .stall))
            let (a, b) = (try await Replica(cluster), try await Replica(cluster))
            let user = "kill-\(UUID().uuidString)"
            let (open, status) = try await b.openStream(user)
            #expect(status == 200)
            // Streaming: registered among B's live streams. Which read timed out, if one does, is said.
            try await stage("B's open stream reading its first token") { _ = try await onOwnThread { try open.read(until: "first") } }

            let started = ContinuousClock.now
            let patched = try await a.admin("PATCH", "/admin/features/support_chat", json: ["enabled": false, "endStreams": true])
            #expect(patched.status == 200)
            let rest = try await stage("B's open stream reading to its end after the PATCH") {
                try await onOwnThread { try open.readToEnd(timeout: .seconds(5)) }
            }
            let ended = ContinuousClock.now - started
            #expect(TestResponse.events(in: rest).last == .error(code: .featureDisabled), "\(String(decoding: rest, as: UTF8.self))")
            var refusedAfter: Duration?
            while ContinuousClock.now - started < .seconds(3) {
                if try await b.stream(user).errorCode == "feature_disabled" {
                    refusedAfter = ContinuousClock.now - started
                    break
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            print("admin propagation: B's open stream ended \(ended) and B refused the feature "
                  + "\(refusedAfter.map { "\($0)" } ?? "never") after the PATCH on A")
            #expect(ended < .seconds(1))
            #expect(try #require(refusedAfter) < .seconds(1))

            // Undone on B: A serves it again, as promptly.
            let undone = ContinuousClock.now
            #expect(try await b.admin("PATCH", "/admin/features/support_chat", json: ["enabled": nil]).status == 200)
            var servedAfter: Duration?
            while ContinuousClock.now - undone < .seconds(3) {
                if a.dependencies.state.registry.feature("support_chat")?.enabled == true {
                    servedAfter = ContinuousClock.now - undone
                    break
                }
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(try #require(servedAfter) < .seconds(1))
            let (again, againStatus) = try await a.openStream(user)
            #expect(againStatus == 200)
            again.close()
            open.close()
            await a.stop()
            await b.stop()
            await cluster.remove()
        }
    }
}

/// Runs `work`, and when it throws, records which stage of the test it was before rethrowing: a read's timeout
/// alone does not say which read.
private func stage<T>(_ name: String, _ work: () async throws -> T) async throws -> T {
    do {
        return try await work()
    } catch {
        Issue.record("\(name): \(error)")
        throw error
    }
}
