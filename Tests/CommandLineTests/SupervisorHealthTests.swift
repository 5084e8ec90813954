import AssistLocalModel
import Foundation
import LocalServers
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `isHealthy()` (what `/healthz` asks through `assist serve`) vouches for the supervisor's own child only:
/// a server that answers on the model's port but is not that child — an orphan of an earlier gateway —
/// does not make the gateway healthy.
@Suite("llama-server health is the supervised child's")
struct SupervisorHealthTests {
    /// An unsupervised health server (the orphan) on a fresh port, up and answering.
    private func orphan() async throws -> (Process, port: Int, StandInLlamaServer) {
        let standIn = try StandInLlamaServer.healthServer()
        let port = try freeLoopbackPort()
        let process = try standIn.startUnsupervised(port: port)
        for _ in 0..<200 where HealthProbe.status(host: "127.0.0.1", port: port, path: "/health") != 200 {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(HealthProbe.status(host: "127.0.0.1", port: port, path: "/health") == 200, "the orphan stand-in did not start")
        return (process, port, standIn)
    }

    @Test("our child exited and an orphan answers on the port: not healthy")
    func childGoneOrphanAnswers() async throws {
        let (orphan, port, orphanStandIn) = try await orphan()
        defer { if orphan.isRunning { kill(orphan.processIdentifier, SIGKILL) }; orphanStandIn.remove() }
        let standIn = try StandInLlamaServer.exitsAtOnce()
        defer { standIn.remove() }
        var configuration = standIn.configuration(port: port)
        configuration.restartDelay = .seconds(30)  // the child stays dead for the rest of the test
        let supervisor = LlamaServerSupervisor(configuration: configuration)
        let running = Task { try await supervisor.run() }
        while supervisor.restarts == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(supervisor.pid == 0)
        #expect(await supervisor.isHealthy() == false)
        supervisor.shutdown()
        try await running.value
    }

    @Test("our child runs but an orphan holds the port: not healthy")
    func childAliveOrphanHoldsPort() async throws {
        let (orphan, port, orphanStandIn) = try await orphan()
        defer { if orphan.isRunning { kill(orphan.processIdentifier, SIGKILL) }; orphanStandIn.remove() }
        let standIn = try StandInLlamaServer.sleeper()
        defer { standIn.remove() }
        let supervisor = LlamaServerSupervisor(configuration: standIn.configuration(port: port))
        let running = Task { try await supervisor.run() }
        while supervisor.pid == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(await supervisor.isHealthy() == false)
        supervisor.shutdown()
        try await running.value
    }

    @Test("our child answers on its port: healthy; once stopped: not")
    func ownChildAnswers() async throws {
        let standIn = try StandInLlamaServer.healthServer()
        defer { standIn.remove() }
        var configuration = standIn.configuration(port: try freeLoopbackPort())
        configuration.startTimeout = .seconds(20)
        let supervisor = LlamaServerSupervisor(configuration: configuration)
        try await supervisor.start()
        #expect(await supervisor.isHealthy())
        supervisor.stop()
        #expect(await supervisor.isHealthy() == false)
    }
}
