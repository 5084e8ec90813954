import AssistTestSupport
import AssistWire
import Foundation
import LocalServers
import ScriptedUpstream
import Testing

/// Connections to the descriptor limit, from two client processes: the gateway keeps descriptors back
/// (`limits.reservedDescriptors`) and caps connections below its limit, so it never runs out. Past the cap a
/// new client gets a prompt 503 `overloaded`, and once the holders leave `/healthz` is 200 again. (Before,
/// 21,000 trickling connections took the gateway offline for everyone, without a log line.)
@Suite("Descriptors to the limit", .serialized)
struct DescriptorLimitTests {
    /// Opens `count` connections to `port` from `source` and holds them, silent, until its standard input closes.
    static let holder = """
        import socket, sys
        port, count, source = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
        held = []
        for _ in range(count):
            try:
                held.append(socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)))
            except OSError:
                break
        print("open", len(held), flush=True)
        sys.stdin.read()
        """

    @Test("two processes holding 250 connections each against a 1,024-descriptor gateway: 503 overloaded at once, no crash, /healthz 200 after")
    func twoClientProcessesToTheLimit() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-fds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let upstream = try ScriptedUpstream(script: Script(tokens: ["ok"]))
        defer { upstream.stop() }
        let port = try freeLoopbackPort()
        let log = directory.appendingPathComponent("stderr.log")
        let running = try AssistBinary.start(["serve", "--upstream", upstream.baseURL, "--port", String(port), "--data-dir", directory.path],
                                             stderr: log, launcher: ["/usr/bin/prlimit", "--nofile=1024:1024"])
        defer { if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) } }
        _ = try await running.output(until: "Ctrl-C")
        let health = try await testRequest(port: port, path: "/healthz")
        #expect(health.status == 200)
        #expect(health.json?["limits"]?["openFiles"] == 1024)

        var holders: [(Process, Pipe)] = []
        // From two addresses, each under the per-address cap (256), together past the global one.
        for source in ["127.0.0.2", "127.0.0.3"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", Self.holder, String(port), "250", source]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            holders.append((process, input))
            let said = try await onOwnThread {
                var text = ""
                while !text.contains("\n") {
                    let data = output.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                }
                return text
            }
            #expect(said.hasPrefix("open 250"), "\(said)")
        }
        defer { for (process, _) in holders where process.isRunning { process.terminate() } }

        // 500 connections against a cap of (1,024 − 256 kept back) / 2 = 384: the rest were answered 503 and
        // closed, and a new client is too, at once.
        let started = ContinuousClock.now
        let refused = try await testRequest(port: port, path: "/healthz", timeout: .seconds(5))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(refused.status == 503 && refused.errorCode == "overloaded", "\(refused.status) \(refused.text)")
        #expect(refused.headers["retry-after"] != nil)
        #expect(running.process.isRunning)

        for (_, input) in holders { try input.fileHandleForWriting.close() }
        for (process, _) in holders { try await waitForExit(process) }
        var recovered = 0
        for _ in 0..<50 where recovered != 200 {
            recovered = try await testRequest(port: port, path: "/healthz").status
            if recovered != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(recovered == 200)
        let logged = try String(contentsOf: log, encoding: .utf8)
        #expect(logged.contains("refused"), "the refusals leave a trace: \(logged)")
        running.process.terminate()
        try await running.exit()
    }

    private func waitForExit(_ process: Process) async throws {
        for _ in 0..<100 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning)
    }
}
