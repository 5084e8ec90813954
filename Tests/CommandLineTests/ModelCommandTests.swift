import AssistLocalModel
import AssistTestSupport
import Foundation
import LocalServers
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `assist model`: the embedded llama-server alone, supervised, for replicas to share.
@Suite("assist model", .serialized)
struct ModelCommandTests {
    @Test("starts the model, says where it listens, and on SIGTERM stops it and exits 0")
    func runsTheModelUntilSIGTERM() async throws {
        let standIn = try StandInLlamaServer.healthServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-model-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory); try? FileManager.default.removeItem(at: standIn.directory) }
        let port = try freeLoopbackPort()
        let running = try AssistBinary.start(["model", "--port", String(port), "--data-dir", directory.path],
                                             environment: ["ASSIST_LLAMA_SERVER": standIn.binary, "ASSIST_MODEL": standIn.model])
        defer { if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) } }
        let said = try await running.output(until: "\n")
        #expect(said == "Embedded model listening on http://127.0.0.1:\(port)/v1\n")
        #expect(HealthProbe.status(host: "127.0.0.1", port: port, path: "/health") == 200)
        let pidFile = directory.appendingPathComponent("llama-server.pid").path
        let child = try #require(Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(ProcessTable.children(of: running.process.processIdentifier).contains(child))

        running.process.terminate()
        try await running.exit()
        #expect(running.process.terminationReason == .exit && running.process.terminationStatus == 0)
        #expect(await ProcessTable.waitUntilGone(child, within: .seconds(2)))
        #expect(try await onOwnThread { try AssistBinary.run(["model", "--port", "x"]) }.status == 2)
    }
}
