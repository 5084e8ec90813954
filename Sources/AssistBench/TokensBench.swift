import AssistWire
import Foundation
import LocalServers
import ScriptedUpstream

/// What relaying a long answer costs: one 2,000-token answer at a time through the gateway (support chat,
/// its output cap raised), against the same answer fetched from the upstream directly. Reports the gateway's
/// CPU per relayed token (user + system, all its threads) and the end-to-end time, as medians of 3
/// repetitions of `answers` answers each.
struct TokensBench {
    let upstream: ScriptedUpstream
    static let tokens = 2_000
    /// Answers per repetition: enough CPU time (about half a second) that the clock's 10-ms ticks do not blur it.
    static let answers = 40

    /// Runs `body` with the upstream scripted to one 2,000-token answer (its script restored after) and a
    /// gateway whose support chat may relay all of it (its output cap raised), with `coalesceDeltas` as given;
    /// `body` gets that gateway and the fetch of one whole answer through it.
    static func withLongAnswers(_ upstream: ScriptedUpstream, coalesceDeltas: Bool = false, binary: URL? = nil,
                                _ body: (_ gateway: GatewayProcess, _ fetch: @escaping () throws -> Void) throws -> Void) throws {
        let saved = upstream.script
        defer { upstream.script = saved }
        upstream.script = Script(tokens: (0..<tokens).map { "t\($0 % 100) " })
        let gateway = try GatewayProcess(upstream: upstream.baseURL, port: try freeLoopbackPort(),
                                         features: ["support_chat": ["maxOutputTokens": 4_096, "coalesceDeltas": .bool(coalesceDeltas)]],
                                         binary: binary)
        defer { gateway.stop() }
        let headers = [("Authorization", "Bearer \(gateway.token())"), ("Content-Type", "application/json")]
        try body(gateway) {
            _ = try BlockingHTTP.request(port: gateway.port, method: "POST", path: "/v1/assist/stream", headers: headers,
                                         body: LatencyBench.gatewayBody)
        }
    }

    func run() throws {
        if let other = ProcessInfo.processInfo.environment["BENCH_ASSIST_B"] {
            return try versus(URL(fileURLWithPath: other))
        }
        print("\n9. A 2,000-token answer relayed: gateway CPU per token, end-to-end time against the upstream directly")
        try Self.withLongAnswers(upstream) { gateway, viaGateway in try measure(gateway, viaGateway) }
        print("   the same, support chat with coalesceDeltas (the text of chunks read together sent as one event):")
        try Self.withLongAnswers(upstream, coalesceDeltas: true) { gateway, viaGateway in try measure(gateway, viaGateway) }
        Self.chunkDecoding()
    }

    private func measure(_ gateway: GatewayProcess, _ viaGateway: () throws -> Void) throws {
        func fromUpstream() throws {
            _ = try BlockingHTTP.request(port: upstream.port, method: "POST", path: "/v1/chat/completions", body: LatencyBench.directBody)
        }
        for _ in 0..<3 { try viaGateway(); try fromUpstream() }  // warm up

        var cpuPerToken: [Double] = [], gatewayMs: [Double] = [], directMs: [Double] = []
        for _ in 0..<3 {
            let cpuBefore = gateway.cpuSeconds
            for _ in 0..<Self.answers {
                let started = Monotonic.nanoseconds()
                try viaGateway()
                gatewayMs.append(Monotonic.milliseconds(since: started))
            }
            cpuPerToken.append((gateway.cpuSeconds - cpuBefore) / Double(Self.answers * Self.tokens) * 1e6)
            for _ in 0..<10 {
                let started = Monotonic.nanoseconds()
                try fromUpstream()
                directMs.append(Monotonic.milliseconds(since: started))
            }
        }
        print(String(format: "   gateway CPU per relayed token: %.2f µs (median of %@ µs)", percentile(cpuPerToken, 50),
                     cpuPerToken.map { String(format: "%.2f", $0) }.joined(separator: ", ")))
        print(String(format: "   one answer end to end: gateway p50 %.1f ms, direct p50 %.1f ms", percentile(gatewayMs, 50), percentile(directMs, 50)))
    }

    /// Two builds of the gateway side by side (`BENCH_ASSIST_B` names the other `assist`): alternating blocks of
    /// `answers` answers, 9 pairs, so that a machine growing slower or faster weighs on both alike. Reports each
    /// build's median CPU per token and the median of the pairs' ratios (B over A).
    private func versus(_ other: URL) throws {
        print("\n9. CPU per relayed token, this build (A) against \(other.path) (B), alternating blocks")
        try Self.withLongAnswers(upstream) { a, fetchA in try Self.withLongAnswers(upstream, binary: other) { b, fetchB in
            for _ in 0..<3 { try fetchA(); try fetchB() }  // warm up
            func block(_ gateway: GatewayProcess, _ fetch: () throws -> Void) throws -> Double {
                let before = gateway.cpuSeconds
                for _ in 0..<Self.answers { try fetch() }
                return (gateway.cpuSeconds - before) / Double(Self.answers * Self.tokens) * 1e6
            }
            var pairs: [(a: Double, b: Double)] = []
            for index in 0..<9 {
                // Which goes first alternates too.
                if index % 2 == 0 {
                    let x = try block(a, fetchA)
                    pairs.append((x, try block(b, fetchB)))
                } else {
                    let y = try block(b, fetchB)
                    pairs.append((try block(a, fetchA), y))
                }
            }
            print(String(format: "   A %.2f µs, B %.2f µs per token (medians of 9); B/A %.3f (median of the pairs' ratios: %@)",
                         percentile(pairs.map(\.a), 50), percentile(pairs.map(\.b), 50), percentile(pairs.map { $0.b / $0.a }, 50),
                         pairs.map { String(format: "%.2f", $0.b / $0.a) }.joined(separator: ", ")))
        } }
    }

    /// A hosted provider's chunk (id, model, fingerprint and logprobs around one token) through the strict JSON
    /// parser, as `OpenAIChunk` reads a chunk its scanner does not expect: what the scanner saves per token.
    static func chunkDecoding() {
        let chunk = Array(#"{"id":"chatcmpl-AbC123xyz","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"content":" Lisbon"},"logprobs":null,"finish_reason":null}],"usage":null}"#.utf8)
        var runs: [Double] = []
        for _ in 0..<3 {
            let started = Monotonic.nanoseconds()
            for _ in 0..<200_000 { _ = try? JSONParser.parse(chunk) }
            runs.append(Monotonic.milliseconds(since: started) * 1e6 / 200_000)
        }
        print(String(format: "   a hosted provider's chunk (%d bytes) decoded into a JSONValue: %.0f ns (median of 3 × 200,000)",
                     chunk.count, percentile(runs, 50)))
    }
}
