import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import Testing

/// schemathesis (PyPI, installed by `make test`) against a live gateway: it reads the document the gateway
/// serves at `/openapi.json`, generates requests from it — examples, boundary and negative cases from the
/// schemas (coverage), then random ones (fuzzing) — and checks every response: no 5xx, a documented status,
/// a documented content type, a body (each event of a stream) valid under the documented schema.
@Suite("schemathesis against a live gateway")
struct SchemathesisTests {
    /// At most this many requests in a run: the coverage phase's count follows the document, so a larger
    /// document shows up here as a failure instead of a slower `make test`.
    static let maxCases = 800

    /// The run's configuration. Every choice that narrows it is said here.
    static func configuration(sessionToken: String, adminToken: String) -> String {
        """
        # One deterministic run: the seed fixes what is generated, one worker sends in order.
        seed = 20261130
        workers = 1
        request-timeout = 10

        [generation]
        # No example database next to the run: every run starts from the seed alone.
        database = "none"
        # Fuzzing cases per operation; the coverage phase (most of the run's ~700 cases) does not depend on it.
        max-examples = 6

        [checks]
        enabled = false
        not_a_server_error.enabled = true
        status_code_conformance.enabled = true
        content_type_conformance.enabled = true
        response_schema_conformance.enabled = true

        [phases.coverage]
        # Methods a path does not list are 405 by design and outside the document, so none of the checks above
        # applies to them (the in-process OpenAPI tests check their error body); they would cost ~85 cases.
        unexpected-methods = []

        [phases.stateful]
        # The document has no links between operations for sequences to follow.
        enabled = false

        # Each operation gets its scheme's token: the user's session token, or the admin token (so the admin
        # API's answers are checked too, not only its 401).
        [auth.openapi.sessionToken]
        bearer = "\(sessionToken)"

        [auth.openapi.adminToken]
        bearer = "\(adminToken)"
        """
    }

    @Test("every generated request gets a documented status, content type and body, and never a 5xx")
    func conformance() async throws {
        // Served from a configuration file, so that `POST /admin/reload` can succeed.
        let harness = try GatewayHarness(configurationFile: true)
        let adminToken = String(decoding: try SecretStore.adminToken(dataDirectory: harness.dataDirectory), as: UTF8.self)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("schemathesis.toml")
        try Self.configuration(sessionToken: harness.token(), adminToken: adminToken).write(to: config, atomically: true, encoding: .utf8)
        let report = directory.appendingPathComponent("report.json")

        let started = ContinuousClock.now
        let run = try await onOwnThread {
            try Self.python(["-m", "schemathesis.cli", "--config-file", config.path, "run", "http://127.0.0.1:\(harness.port)/openapi.json",
                             "--no-color", "--report", "json", "--report-json-path", report.path],
                            in: directory, timeout: .seconds(120))
        }
        let elapsed = ContinuousClock.now - started
        #expect(run.status == 0, "schemathesis failed (exit \(run.status)) after \(elapsed):\n\(run.output)")
        let summary = try JSONParser.parse(Array(try Data(contentsOf: report)))
        let cases = try #require(summary["test_cases"]?["generated"]?.intValue, "no case count in the report")
        #expect(cases > 100 && cases <= Self.maxCases, "\(cases) cases")
        #expect(summary["operations"]?["tested"]?.intValue == 18, "every operation but the document's own")
        print("schemathesis \(summary["schemathesis_version"]?.stringValue ?? "?"): \(cases) cases in \(elapsed)")
    }

    /// Runs `python3 arguments` in `directory`, stdout and stderr together; terminated after `timeout`.
    static func python(_ arguments: [String], in directory: URL, timeout: Duration) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(timeout.components.seconds)), execute: deadline)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.cancel()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
