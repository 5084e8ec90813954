import AssistLocalModel
import AssistTestSupport
import Foundation
import LocalServers
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A gateway that is SIGKILLed runs no clean-up, so its llama-server must not depend on one: the child is
/// spawned with a parent-death signal and dies with the gateway instead of keeping the model's port.
@Suite("The embedded model dies with its gateway", .serialized)
struct ChildDiesWithParentTests {
    /// `assist serve` over a stand-in llama-server, SIGKILLed once it is listening; returns the child it had.
    private func killServe(environment: [String: String], modelPort: Int, childCommand: (String) -> Bool) async throws -> (child: pid_t, gone: Bool) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let running = try AssistBinary.start(["serve", "--port", String(try freeLoopbackPort()), "--model-port", String(modelPort),
                                              "--data-dir", directory.path], environment: environment)
        let process = running.process
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let banner = try await running.output(until: "Ctrl-C")
        try #require(banner.contains("listening on"), "assist serve did not start: \(banner)")
        let children = ProcessTable.children(of: process.processIdentifier)
            .filter { childCommand(ProcessTable.commandLine($0).joined(separator: " ")) }
        let child = try #require(children.first, "no llama-server child of assist serve")

        kill(process.processIdentifier, SIGKILL)
        try await running.exit()
        let gone = await ProcessTable.waitUntilGone(child, within: .seconds(1))
        if !gone { kill(child, SIGKILL) }  // the orphan this test is about: do not leave it running
        return (child, gone)
    }

    @Test("assist serve SIGKILLed: its stand-in llama-server is gone within a second")
    func standInDiesWithServe() async throws {
        let standIn = try StandInLlamaServer.healthServer()
        defer { standIn.remove() }
        let (_, gone) = try await killServe(environment: ["ASSIST_LLAMA_SERVER": standIn.binary, "ASSIST_MODEL": standIn.model],
                                            modelPort: try freeLoopbackPort()) { $0.contains(standIn.binary) }
        #expect(gone, "the llama-server child outlived its SIGKILLed gateway")
    }

    @Test("assist serve SIGKILLed: the real llama-server is gone within a second and its port is free")
    func realModelDiesWithServe() async throws {
        let modelPort = try freeLoopbackPort()
        let (_, gone) = try await killServe(environment: [:], modelPort: modelPort) { $0.contains("--port \(modelPort)") }
        #expect(gone, "the llama-server child outlived its SIGKILLed gateway")
        #expect(HealthProbe.status(host: "127.0.0.1", port: modelPort, path: "/health") == nil)
    }

    @Test("a child restarted from the supervisor's own thread survives that thread: the death signal follows the gateway")
    func restartedChildSurvives() async throws {
        let standIn = try StandInLlamaServer.sleeper()
        defer { standIn.remove() }
        var configuration = standIn.configuration(port: 9)
        configuration.restartDelay = .milliseconds(10)
        let supervisor = LlamaServerSupervisor(configuration: configuration)
        let running = Task { try await supervisor.run() }
        defer { supervisor.stop() }
        while supervisor.pid == 0 { try await Task.sleep(for: .milliseconds(5)) }
        let first = supervisor.pid
        kill(first, SIGKILL)
        while supervisor.pid == 0 || supervisor.pid == first { try await Task.sleep(for: .milliseconds(5)) }
        let second = supervisor.pid
        // The thread that reaped the first child spawned the second; a death signal tied to a thread that
        // then ended would kill it at once.
        try await Task.sleep(for: .milliseconds(300))
        #expect(ProcessTable.isRunning(second))
        #expect(supervisor.pid == second)
        #expect(supervisor.restarts == 1)
        supervisor.shutdown()
        try await running.value
    }
}
