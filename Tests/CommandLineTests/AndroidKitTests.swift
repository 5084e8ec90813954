import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import LocalServers
import ScriptedUpstream
import Testing

/// The Android kit (`clients/android`, built by `make test` with Debian's kotlinc into `.build/android`) against a real
/// `assist serve` on the scripted upstream: its end-to-end JUnit test (a stream, cancel, 429, 401, feature_disabled) and the
/// `assist-android` sample. The conformance suite and the kit's own tests run in `clients/android/build.sh test`.
@Suite("The Android kit against a live gateway")
struct AndroidKitTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// `java -cp <the kit's classpath> arguments`, stdout and stderr apart.
    static func java(_ arguments: [String]) async throws -> AssistBinary.Result {
        let classpath = try String(contentsOf: root.appendingPathComponent(".build/android/classpath"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try await onOwnThread { try AssistBinary.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["java", "-cp", classpath] + arguments) }
    }

    @Test("against `assist serve`: stream, cancel (the upstream sees the disconnect), 429 with its delay, 401, feature_disabled; the sample streams")
    func endToEnd() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let upstream = try ScriptedUpstream(script: Script(tokens: (1...30).map { "word\($0) " }, interval: .milliseconds(200)))
        defer { upstream.stop() }
        let port = try freeLoopbackPort()
        let running = try AssistBinary.start(["serve", "--config", try scriptedServeConfig(in: directory), "--upstream", upstream.baseURL,
                                              "--port", String(port), "--data-dir", directory.path])
        let process = running.process
        defer { if process.isRunning { process.terminate() } }
        let banner = try await running.output(until: "Ctrl-C")
        let token = try #require(banner.split(separator: "\n").dropFirst(2).first?.trimmingCharacters(in: .whitespaces))
        let adminToken = String(decoding: try SecretStore.adminToken(dataDirectory: directory), as: UTF8.self)
        let url = "http://127.0.0.1:\(port)"

        let run = try await Self.java(["-Dassist.url=\(url)", "-Dassist.token=\(token)", "-Dassist.adminToken=\(adminToken)",
                                       "org.junit.runner.JUnitCore", "assist.client.EndToEndTest"])
        #expect(run.status == 0, "the Android kit's end-to-end test failed:\n\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("cancelled req_"))
        // The cancelled call and the three held ones: each closed its upstream connection early.
        let disconnected = upstream.requests.filter { $0.disconnectedAt != nil && !$0.finished }
        #expect(disconnected.count >= 4, "\(upstream.requests.map { ($0.tokensSent, $0.finished, $0.disconnectedAt != nil) })")

        upstream.script = Script(tokens: ["Your bag ", "is on its way."])
        let sample = try await Self.java(["assist.sample.MainKt", "--url", url, "--token", token,
                                          "--feature", "support_chat", "--input", #"{"message":"Where is my bag?"}"#])
        #expect(sample.status == 0 && sample.stdout == "Your bag is on its way.\n", "\(sample.stdout)\n\(sample.stderr)")
        let refused = try await Self.java(["assist.sample.MainKt", "--url", url, "--token", "nope", "--feature", "support_chat"])
        #expect(refused.status == 1 && refused.stderr.contains("unauthenticated"), "\(refused.stderr)")
        process.terminate()
        try await running.exit()
    }
}
