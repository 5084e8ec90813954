import AssistTestSupport
import AssistWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `make cluster` (tools/cluster.sh): Redis, PostgreSQL, one model, replicas and nginx from one command, a
/// stream through nginx, an admin change every replica obeys, and Ctrl-C leaves nothing behind.
@Suite("make cluster", .serialized)
struct ClusterTests {
    @Test("two replicas behind nginx: a stream, /healthz with redis and postgres, a kill switch on every replica; SIGINT stops all")
    func clusterFromOneCommand() async throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        // Through a launcher that unblocks SIGINT (Foundation's Process passes on the test runner's mask, SIGINT
        // blocked, where a terminal's Ctrl-C would reach the script) and makes the cluster a process group of its
        // own, so that a failing test can still stop all of it.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.getpgid(0) == os.getpid() or os.setsid(); "
                                 + "os.execv('/bin/bash', ['bash', sys.argv[1]])",
                             repository.appendingPathComponent("tools/cluster.sh").path]
        process.environment = ProcessInfo.processInfo.environment.merging(["REPLICAS": "2", "ASSIST": AssistBinary.url.path]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGINT)  // the script's own clean-up, then whatever is left
                usleep(3_000_000)
                kill(-process.processIdentifier, SIGKILL)
            }
        }
        let banner = try await onOwnThread {
            var text = ""
            while !text.contains("Ctrl-C stops") {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            return text
        }
        let port = try #require(banner.firstMatch(of: /behind nginx on http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }, "\(banner)")
        let token = try #require(banner.firstMatch(of: /Token for u1: +(\S+)/).map { String($0.1) })
        let admin = try #require(banner.firstMatch(of: /Admin token: +(\S+)/).map { String($0.1) })
        let directory = try #require(banner.firstMatch(of: /removes (\S+)\./).map { String($0.1) })

        let health = try await testRequest(port: port, path: "/healthz")
        #expect(health.status == 200)
        #expect(health.json?["checks"]?["redis"]?["status"] == "ok" && health.json?["checks"]?["postgres"]?["status"] == "ok")
        let body = JSONWriter.bytes(["feature": "support_chat", "input": ["message": "How much baggage can I take?"], "locale": "en-US"])
        let auth = [("Authorization", "Bearer \(token)")]
        let stream = try await testRequest(port: port, method: "POST", path: "/v1/assist/stream", headers: auth, body: body, timeout: .seconds(60))
        #expect(stream.status == 200)
        guard case .done? = stream.events.last else { Issue.record("no done: \(stream.text)"); return }

        let off = try await testRequest(port: port, method: "PATCH", path: "/admin/features/support_chat",
                                        headers: [("Authorization", "Bearer \(admin)")], body: JSONWriter.bytes(["enabled": false]))
        #expect(off.status == 200)
        try await Task.sleep(for: .seconds(1))
        for _ in 0..<4 {  // least_conn spreads these over both replicas
            #expect(try await testRequest(port: port, method: "POST", path: "/v1/assist/stream", headers: auth, body: body).status == 403)
        }

        kill(process.processIdentifier, SIGINT)
        for _ in 0..<300 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!process.isRunning)
        #expect(!FileManager.default.fileExists(atPath: directory), "the cluster's directory is removed")
    }
}
