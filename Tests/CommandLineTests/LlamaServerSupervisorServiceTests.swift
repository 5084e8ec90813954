import AssistLocalModel
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The supervisor's lifecycle as a `Service`, with a stand-in for llama-server (a shell script that only
/// sleeps), so it needs neither the real binary nor its model.
@Suite("llama-server supervisor as a service")
struct LlamaServerSupervisorServiceTests {
    /// A supervisor of a child that sleeps until signalled.
    static func sleeper() throws -> (LlamaServerSupervisor, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-supervisor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let binary = directory.appendingPathComponent("fake-llama-server")
        try "#!/bin/sh\nexec sleep 600\n".write(to: binary, atomically: true, encoding: .utf8)
        chmod(binary.path, 0o755)
        let model = directory.appendingPathComponent("model.gguf")
        try "".write(to: model, atomically: true, encoding: .utf8)
        var settings = LlamaServerSupervisor.Configuration(binary: binary.path, model: model.path)
        settings.port = 9  // never listened on: the stand-in answers no health check
        return (LlamaServerSupervisor(configuration: settings), directory)
    }

    @Test("run() spawns the child; shutdown() ends it, and run() returns once it has been reaped")
    func runAndShutdown() async throws {
        let (supervisor, directory) = try Self.sleeper()
        defer { try? FileManager.default.removeItem(at: directory) }
        let running = Task { try await supervisor.run() }
        while supervisor.pid == 0 { await Task.yield() }
        let child = supervisor.pid
        #expect(kill(child, 0) == 0)
        supervisor.shutdown()
        try await running.value
        #expect(supervisor.pid == 0)
        #expect(kill(child, 0) != 0)  // reaped, not a zombie
        #expect(supervisor.restarts == 0)
    }

    @Test("shut down before it ran, run() spawns nothing and returns at once")
    func shutdownFirst() async throws {
        let (supervisor, directory) = try Self.sleeper()
        defer { try? FileManager.default.removeItem(at: directory) }
        supervisor.shutdown()
        try await supervisor.run()
        #expect(supervisor.pid == 0)
        supervisor.stop()  // idempotent, and does not wait for a child that never was
    }

    @Test("a binary that is missing makes run() throw")
    func missingBinary() async {
        let supervisor = LlamaServerSupervisor(configuration: .init(binary: "/nonexistent/llama-server", model: "/nonexistent/model.gguf"))
        await #expect(throws: LlamaServerSupervisor.Failure.self) { try await supervisor.run() }
    }
}
