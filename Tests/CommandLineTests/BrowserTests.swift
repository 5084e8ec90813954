import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// `/demo` and `/console` in a real browser: Debian's Chromium driven by `tools/browser_tests.py` (Selenium from
/// PyPI, pointed at `/usr/bin/chromedriver`, so nothing is downloaded) against a live gateway under `--demo` on
/// the scripted upstream. The script runs the page's SSE decoder on `conformance/sse.json`, then every demo
/// and console flow, fails on any error in the browser's log, and saves screenshots in `.build/screenshots/`.
@Suite("Browser: the demo page and the operator console in Chromium")
struct BrowserTests {
    /// Slow enough to see the first words before the end and to press Stop, and to hold three streams open.
    static let summary = Script(tokens: ("Megan Carter flies from New York to Istanbul and on to Antalya. " +
        "Each flight keeps the local times of the booking. The hotel stay follows the last flight. Have a good trip.")
        .split(separator: " ").map { $0 + " " }, interval: .milliseconds(200))

    @Test("every demo and console flow, with no error in the browser's log")
    func flows() async throws {
        let harness = try GatewayHarness(demo: true, telemetry: ["traceURL": "https://tracing.example/trace/{traceId}"])
        harness.upstream.chooser = { body in
            guard let json = try? JSONParser.parse(body) else { return nil }
            // Structured calls: the rules' answer stands, except a children count the rules leave to the model.
            if json["response_format"] != nil { return Script(tokens: [String(decoding: body, as: UTF8.self).contains("kids: 2") ? #"{"children":2}"# : "{}"]) }
            return BrowserTests.summary
        }
        // A second gateway with the answer guard on, for the narrator's label: the scripted English summary fails the
        // checks for tr-TR, so the narrator answers from the booking.
        let guarded = try GatewayHarness(script: BrowserTests.summary, answerGuards: true, demo: true)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let screenshots = root.appendingPathComponent(".build/screenshots")
        try? FileManager.default.removeItem(at: screenshots)
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        let run = try await onOwnThread {
            try SchemathesisTests.python([root.appendingPathComponent("tools/browser_tests.py").path,
                                          "--base", "http://127.0.0.1:\(harness.port)", "--admin-token", harness.adminToken,
                                          "--guarded-base", "http://127.0.0.1:\(guarded.port)",
                                          "--conformance", root.appendingPathComponent("conformance/sse.json").path,
                                          "--screenshots", screenshots.path],
                                         in: root, timeout: .seconds(300))
        }
        #expect(run.status == 0, "the browser tests failed (exit \(run.status)):\n\(run.output)")
        print(run.output)
        let saved = (try? FileManager.default.contentsOfDirectory(atPath: screenshots.path)) ?? []
        #expect(saved.filter { $0.hasSuffix(".png") }.count >= 8, "screenshots: \(saved)")
    }
}
