import AssistGateway
import AssistWire
import AssistTestSupport
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// `assist ask` against a real gateway, as a user runs it.
@Suite("assist ask", .serialized)
struct AskCommandTests {
    func ask(_ harness: GatewayHarness, _ extra: [String]) async throws -> AssistBinary.Result {
        let arguments = ["ask"] + extra + ["--user", "u1", "--data-dir", harness.dataDirectory.path,
                                           "--gateway", "http://127.0.0.1:\(harness.port)"]
        return try await onOwnThread { try AssistBinary.run(arguments) }
    }

    @Test("prints deltas, then the prompt version and request id; exit 0")
    func done() async throws {
        let harness = try GatewayHarness(script: Script(tokens: ["İstanbul", " → ", "Lizbon"]))
        let result = try await ask(harness, ["itinerary_summary", "--input", "bookingId=BK-2041", "--locale", "tr-TR"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "İstanbul → Lizbon")
        #expect(lines.last?.hasPrefix("[promptVersion 2026-11-30.1, request req_") == true)
    }

    @Test("rate limited: exit 75 with when to retry; other errors: exit 1 with the code")
    func failures() async throws {
        let harness = try GatewayHarness(unavailableQuota: (requests: 1, tokens: 20_000))
        #expect(try await ask(harness, ["support_chat", "--input", "message=Bagaj?"]).status == 0)
        let limited = try await ask(harness, ["support_chat", "--input", "message=Bagaj?"])
        #expect(limited.status == 75)
        #expect(limited.stderr.contains("quota_exceeded: retry in"))
        // A trust level with no quota at all is not rate limiting: the app must prove itself.
        let closed = try await ask(try GatewayHarness(unavailableQuota: (requests: 0, tokens: 0)), ["support_chat", "--input", "message=Bagaj?"])
        #expect(closed.status == 1)
        #expect(closed.stderr.contains("integrity_required"))
        let unknown = try await ask(harness, ["no_such_feature"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("unknown_feature"))
        let cut = try GatewayHarness(script: Script(tokens: ["half"], ending: .truncate))
        let broken = try await ask(cut, ["support_chat", "--input", "message=Bagaj?", "--input", #"history=[{"role":"user","text":"Merhaba"}]"#])
        #expect(broken.status == 1)
        #expect(broken.stdout.hasPrefix("half"))
        #expect(broken.stderr.contains("upstream_failed"))
        #expect(try await ask(harness, []).status == 2)
    }

    @Test("Ctrl-C stops the stream and the server's generation, keeps what was printed, exits 130")
    func interrupt() async throws {
        let harness = try GatewayHarness(script: Script(tokens: (0..<500).map { "t\($0) " }, interval: .milliseconds(20)))
        let running = try AssistBinary.start(["ask", "itinerary_summary", "--input", "bookingId=BK-2041", "--user", "u1",
                                              "--data-dir", harness.dataDirectory.path, "--gateway", "http://127.0.0.1:\(harness.port)"])
        let (process, out) = (running.process, running.stdout)
        let printed = try await running.output(until: "t3 ")
        #expect(printed.hasPrefix("t0 t1 t2 t3 "))
        process.interrupt()  // SIGINT
        let rest = try await onOwnThread { out.fileHandleForReading.readDataToEndOfFile() }
        try await running.exit()
        #expect(process.terminationStatus == 130)
        #expect(!(printed + String(decoding: rest, as: UTF8.self)).contains("[promptVersion"))
        let upstream = try #require(await harness.upstream.waitForEnd(of: 0))
        #expect(upstream.disconnectedAt != nil)
        #expect(upstream.tokensSent < 500)
    }
}

@Suite("assist extract", .serialized)
struct ExtractCommandTests {
    @Test("support_triage --offline prints the masked message, topic and source as one JSON object")
    func offlineTriage() async throws {
        let result = try await onOwnThread {
            try AssistBinary.run(["extract", "support_triage", "--offline", "--text", "Kartımdan iki kez çekildi: 4111 1111 1111 1111"])
        }
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONParser.parse(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(json == ["topic": "payment", "containsSensitiveNumbers": true, "masked": "Kartımdan iki kez çekildi: **** **** **** 1111",
                         "source": "fallback"])
        #expect(try await onOwnThread { try AssistBinary.run(["extract", "support_triage"]) }.status == 2)
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../golden/support_triage.jsonl").standardized
        let report = try await onOwnThread { try AssistBinary.run(["extract", "support_triage", "--offline", "--golden", golden.path]) }
        #expect(report.status == 0)
        #expect(report.stdout.contains("support_triage, 30 cases, deterministic path"))
        #expect(report.stdout.contains("all fields"))
        #expect(try await onOwnThread { try AssistBinary.run(["extract", "nonsense", "--text", "x"]) }.status == 2)
    }
}

@Suite("assist budget", .serialized)
struct BudgetCommandTests {
    @Test("ask answers from the demo data; chat keeps the conversation so follow-ups work; --json shows the question")
    func askAndChat() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let common = ["--today", "2026-11-29", "--data-dir", directory.path]
        let ask = try await onOwnThread { try AssistBinary.run(["budget", "ask", "how much did I spend on restaurants last month?"] + common) }
        #expect(ask.status == 0, "\(ask.stderr)")
        #expect(ask.stdout.hasPrefix("You spent TRY "))
        #expect(ask.stdout.contains("on restaurants in October 2026"))
        let json = try await onOwnThread { try AssistBinary.run(["budget", "ask", "geçen ay en çok nereye harcadım?", "--json"] + common) }
        let parsed = try JSONParser.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(parsed["question"]?["intent"] == "topMerchants")
        #expect(parsed["question"]?["period"] == ["from": "2026-10-01", "to": "2026-10-31"])
        #expect(parsed["reply"]?.stringValue?.hasPrefix("Ekim 2026 en çok harcama:") == true)
        #expect(parsed["source"] == "fallback")

        let process = Process()
        process.executableURL = AssistBinary.url
        process.arguments = ["budget", "chat"] + common
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("how much did I spend on restaurants last month?\nand in September?\n".utf8))
        try input.fileHandleForWriting.close()
        let lines = try await onOwnThread { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
            .split(separator: "\n").map(String.init)
        try await onOwnThread { process.waitUntilExit() }
        #expect(lines.count == 2)
        #expect(lines.last?.contains("on restaurants in September 2026") == true)
    }
}
