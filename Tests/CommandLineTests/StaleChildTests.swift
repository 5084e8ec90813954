import AssistLocalModel
import AssistTestSupport
import Foundation
import LocalServers
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The supervisor names its child in a pid file, and at start-up stops the llama-server a file left by an
/// earlier run names — but only when that process really is one, never a process that reused the pid.
@Suite("A stale llama-server from an earlier run")
struct StaleChildTests {
    private static func pidFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("assist-llama-\(UUID().uuidString).pid").path
    }

    private static func readPid(_ path: String) -> pid_t? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test("the pid file (0600) names the child while it runs and is removed once it stops")
    func pidFileFollowsTheChild() async throws {
        let standIn = try StandInLlamaServer.sleeper()
        defer { standIn.remove() }
        var configuration = standIn.configuration(port: 9)
        configuration.pidFile = Self.pidFile()
        let supervisor = LlamaServerSupervisor(configuration: configuration)
        let running = Task { try await supervisor.run() }
        while supervisor.pid == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(Self.readPid(configuration.pidFile!) == supervisor.pid)
        // It lives in the data directory, where every file is its owner's only.
        #expect(try FileManager.default.attributesOfItem(atPath: configuration.pidFile!)[.posixPermissions] as? Int == 0o600)
        supervisor.shutdown()
        try await running.value
        #expect(!FileManager.default.fileExists(atPath: configuration.pidFile!))
    }

    @Test("a stale llama-server named by the pid file, holding the port, is stopped; our child then serves")
    func staleChildIsStopped() async throws {
        let standIn = try StandInLlamaServer.healthServer()
        defer { standIn.remove() }
        var configuration = standIn.configuration(port: try freeLoopbackPort())
        configuration.pidFile = Self.pidFile()
        configuration.startTimeout = .seconds(20)
        let stale = try standIn.startUnsupervised(port: configuration.port)
        defer { if stale.isRunning { kill(stale.processIdentifier, SIGKILL) } }
        for _ in 0..<200 where HealthProbe.status(host: "127.0.0.1", port: configuration.port, path: "/health") != 200 {
            try await Task.sleep(for: .milliseconds(20))
        }
        try "\(stale.processIdentifier)\n".write(toFile: configuration.pidFile!, atomically: true, encoding: .utf8)

        let supervisor = LlamaServerSupervisor(configuration: configuration)
        try await supervisor.start()
        defer { supervisor.stop() }
        #expect(await ProcessTable.waitUntilGone(stale.processIdentifier, within: .seconds(2)))
        #expect(supervisor.pid != stale.processIdentifier)
        #expect(Self.readPid(configuration.pidFile!) == supervisor.pid)
        #expect(await supervisor.isHealthy())
    }

    @Test("a pid file naming an unrelated process (the pid reused) leaves that process alone")
    func unrelatedProcessIsLeftAlone() async throws {
        let standIn = try StandInLlamaServer.sleeper()
        defer { standIn.remove() }
        var configuration = standIn.configuration(port: 9)
        configuration.pidFile = Self.pidFile()
        let unrelated = Process()
        unrelated.executableURL = URL(fileURLWithPath: "/bin/sleep")
        unrelated.arguments = ["600"]
        try unrelated.run()
        defer { if unrelated.isRunning { kill(unrelated.processIdentifier, SIGKILL) } }
        try "\(unrelated.processIdentifier)\n".write(toFile: configuration.pidFile!, atomically: true, encoding: .utf8)

        let supervisor = LlamaServerSupervisor(configuration: configuration)
        let running = Task { try await supervisor.run() }
        while supervisor.pid == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(Self.readPid(configuration.pidFile!) == supervisor.pid)
        try await Task.sleep(for: .milliseconds(200))
        #expect(ProcessTable.isRunning(unrelated.processIdentifier))
        supervisor.shutdown()
        try await running.value
    }

    @Test("assist serve stops the llama-server an earlier serve on the same data dir left, and removes its pid file on exit")
    func serveStopsStaleChild() async throws {
        let standIn = try StandInLlamaServer.healthServer()
        defer { standIn.remove() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let modelPort = try freeLoopbackPort()
        let stale = try standIn.startUnsupervised(port: modelPort)
        defer { if stale.isRunning { kill(stale.processIdentifier, SIGKILL) } }
        for _ in 0..<200 where HealthProbe.status(host: "127.0.0.1", port: modelPort, path: "/health") != 200 {
            try await Task.sleep(for: .milliseconds(20))
        }
        let pidFile = directory.appendingPathComponent("llama-server.pid").path
        try "\(stale.processIdentifier)\n".write(toFile: pidFile, atomically: true, encoding: .utf8)

        let running = try AssistBinary.start(["serve", "--port", String(try freeLoopbackPort()), "--model-port", String(modelPort),
                                              "--data-dir", directory.path],
                                             environment: ["ASSIST_LLAMA_SERVER": standIn.binary, "ASSIST_MODEL": standIn.model])
        let process = running.process
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let banner = try await running.output(until: "Ctrl-C")
        try #require(banner.contains("listening on"), "assist serve did not start: \(banner)")
        #expect(!ProcessTable.isRunning(stale.processIdentifier))
        let child = try #require(Self.readPid(pidFile))
        #expect(child != stale.processIdentifier)
        #expect(ProcessTable.children(of: process.processIdentifier).contains(child))

        process.terminate()  // SIGTERM: a clean stop
        try await running.exit()
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: pidFile))
        #expect(await ProcessTable.waitUntilGone(child, within: .seconds(1)))
    }
}
