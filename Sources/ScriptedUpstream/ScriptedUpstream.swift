import AssistHTTP
import AssistHTTPServer
import AssistWire
import Synchronization

/// A small OpenAI-compatible server for fault tests and benchmarks: it streams on a schedule, fails or
/// stalls on command, and records when its client disconnected. Never used by `assist serve`.
public final class ScriptedUpstream: Sendable {
    /// Chooses the script for one request from its body (e.g. an answer per booking); nil uses `script`.
    public typealias ScriptChooser = @Sendable (_ body: [UInt8]) -> Script?

    private let state = Mutex<(script: Script, chooser: ScriptChooser?, requests: [RecordedRequest])>((Script(), nil, []))
    private let server: HTTPServer

    /// Starts listening on 127.0.0.1 (port 0 picks a free one).
    public init(port: Int = 0, script: Script = Script(), threadPoolSize: Int = 1) throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = port
        configuration.threadPoolSize = threadPoolSize
        configuration.maxBodyBytes = 1 << 20
        let responder = Responder()
        server = try HTTPServer(configuration: configuration, responder: responder)
        state.withLock { $0.script = script }
        responder.upstream.withLock { $0 = self }
        try server.start()
    }

    public var port: Int { server.port }
    /// The base URL with the API prefix, as configurations spell it.
    public var baseURL: String { "http://127.0.0.1:\(port)/v1" }

    public var script: Script {
        get { state.withLock { $0.script } }
        set { state.withLock { $0.script = newValue } }
    }

    /// When set, each request gets the script this returns for its body (falling back to `script`).
    public var chooser: ScriptChooser? {
        get { state.withLock { $0.chooser } }
        set { state.withLock { $0.chooser = newValue } }
    }

    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// The id `GET /v1/models` reports (as llama-server reports its one model), so that a gateway in front of
    /// this upstream knows it is not the model the recorded qualification results are for.
    public static let modelId = "scripted-upstream"

    /// Waits until request `index` has disconnected or finished, or `timeout` passes.
    public func waitForEnd(of index: Int, timeout: Duration = .seconds(5)) async -> RecordedRequest? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let request = requests.dropFirst(index).first, request.disconnectedAt != nil || request.finished { return request }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return nil
    }

    public func stop() { server.stop() }

    private func update(_ index: Int, _ body: (inout RecordedRequest) -> Void) {
        state.withLock { body(&$0.requests[index]) }
    }

    fileprivate func respond(to request: HTTPRequest) -> HTTPResponse {
        let receivedAt = ContinuousClock.now
        if request.method == .get, request.path.hasSuffix("/models") {
            return HTTPResponse(status: 200, headers: [(.contentType, "application/json")],
                                body: .bytes(JSONWriter.bytes(["object": "list", "data": [["id": .string(Self.modelId), "object": "model"]]])))
        }
        guard request.method == .post, request.path.hasSuffix("/chat/completions") else {
            return HTTPResponse(status: 404, body: .bytes(Array("{\"error\":{\"message\":\"not found\"}}".utf8)))
        }
        let (standing, chooser, index) = state.withLock { state in
            state.requests.append(RecordedRequest(path: request.path, authorization: request.header(.authorization),
                                                  traceparent: request.header(.traceparent), body: request.body,
                                                  receivedAt: receivedAt, tokensSent: 0, finished: false))
            return (state.script, state.chooser, state.requests.count - 1)
        }
        let script = chooser?(request.body) ?? standing
        guard script.status == 200 else {
            update(index) { $0.finished = true }
            let message = script.errorQuotesRequest ? "invalid request: " + Self.lastMessage(request.body) : "scripted failure"
            return HTTPResponse(status: HTTPStatus(code: script.status), headers: [(.contentType, "application/json")],
                                body: .bytes(JSONWriter.bytes(["error": ["message": .string(message)]])))
        }
        return HTTPResponse(status: .ok, headers: [(.contentType, "text/event-stream"), (.cacheControl, "no-cache")],
                            body: .stream { [self] writer in await play(script, index: index, writer: writer) })
    }

    private func play(_ script: Script, index: Int, writer: any ResponseBodyWriter) async {
        do {
            if script.firstTokenDelay > .zero { try await Task.sleep(for: script.firstTokenDelay) }
            for (i, token) in script.tokens.enumerated() {
                if i > 0, script.interval > .zero { try await Task.sleep(for: script.interval) }
                try await writer.write(Self.chunk(["content": .string(token)], finishReason: nil))
                update(index) { $0.tokensSent += 1 }
            }
            switch script.ending {
            case .complete:
                try await writer.write(Self.chunk([:], finishReason: script.finishReason))
                if script.sendUsage {
                    let usage: JSONValue = ["prompt_tokens": 42, "completion_tokens": .number(Double(script.tokens.count)),
                                            "total_tokens": .number(Double(42 + script.tokens.count))]
                    try await writer.write(Self.frame(["id": "scripted", "object": "chat.completion.chunk", "choices": [], "usage": usage]))
                }
                try await writer.write(Array("data: [DONE]\n\n".utf8))
            case .truncate:
                break
            case .stall:
                while true { try await Task.sleep(for: .seconds(3600)) }
            }
            update(index) { $0.finished = true }
        } catch {
            let now = ContinuousClock.now
            update(index) { $0.disconnectedAt = now }
        }
    }

    /// Shaped as a hosted provider's: its ids, times and fingerprint around the one token, so that what a
    /// gateway pays to read them is measured.
    static func chunk(_ delta: [String: JSONValue], finishReason: String?) -> [UInt8] {
        frame(["id": "chatcmpl-scripted-0123456789", "object": "chat.completion.chunk", "created": 1_733_000_000, "model": .string(modelId),
               "system_fingerprint": "fp_scripted01",
               "choices": [["index": 0, "delta": .object(delta), "logprobs": .null, "finish_reason": finishReason.map { .string($0) } ?? .null]]])
    }

    /// The content of a chat request's last message (what a user typed), or the whole body.
    static func lastMessage(_ body: [UInt8]) -> String {
        (try? JSONParser.parse(body))?["messages"]?.arrayValue?.last?["content"]?.stringValue ?? String(decoding: body, as: UTF8.self)
    }

    static func frame(_ json: JSONValue) -> [UInt8] { Array("data: ".utf8) + JSONWriter.bytes(json) + Array("\n\n".utf8) }

    /// Breaks the init-time cycle: the server needs a responder before the upstream exists.
    private final class Responder: HTTPResponder {
        let upstream = Mutex<ScriptedUpstream?>(nil)
        func respond(to request: HTTPRequest) async -> HTTPResponse {
            guard let upstream = upstream.withLock({ $0 }) else { return HTTPResponse(status: 503) }
            return upstream.respond(to: request)
        }
    }
}
