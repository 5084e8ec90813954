import AssistHTTP
import AssistHTTPServer
import AssistWire
import Synchronization

/// A small provider server for fault tests and benchmarks: it streams on a schedule, fails or stalls on command,
/// and records when its client disconnected. It speaks OpenAI's chat completions, Anthropic's messages and Gemini's
/// streamGenerateContent, each on its own path (`Format`). Never used by `assist serve`.
public final class ScriptedUpstream: Sendable {
    /// Chooses the script for one request from its body (e.g. an answer per booking); nil uses `script`.
    public typealias ScriptChooser = @Sendable (_ body: [UInt8]) -> Script?

    /// The chooser is held by reference (`ChooserBox`): a closure read out of a tuple in a lock's state comes back
    /// wrapped in two more reabstraction thunks each time, written back, so each request would call through a
    /// chain as long as the requests before it (see `LogSystem.Destination`).
    private let state = Mutex<(script: Script, chooser: ChooserBox?, requests: [RecordedRequest])>((Script(), nil, []))
    private let server: HTTPServer
    /// The format whose API prefix `baseURL` names.
    public let format: Format

    /// Starts listening on 127.0.0.1 (port 0 picks a free one).
    /// - Parameter format: the format `baseURL` is for; every format is answered on its own path all the same.
    public init(port: Int = 0, script: Script = Script(), threadPoolSize: Int = 1, format: Format = .openAI) throws {
        self.format = format
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
    /// The base URL with the API prefix of `format`, as configurations spell it.
    public var baseURL: String { baseURL(for: format) }

    /// The base URL with the API prefix of `format` (`/v1`, or `/v1beta` for Gemini).
    public func baseURL(for format: Format) -> String { "http://127.0.0.1:\(port)\(format.apiPrefix)" }

    public var script: Script {
        get { state.withLock { $0.script } }
        set { state.withLock { $0.script = newValue } }
    }

    /// When set, each request gets the script this returns for its body (falling back to `script`).
    public var chooser: ScriptChooser? {
        get { state.withLock { $0.chooser?.choose } }
        set { state.withLock { $0.chooser = newValue.map(ChooserBox.init) } }
    }

    private final class ChooserBox: Sendable {
        let choose: ScriptChooser
        init(_ choose: @escaping ScriptChooser) { self.choose = choose }
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
        guard request.method == .post, let format = Format.of(path: request.path) else {
            return HTTPResponse(status: 404, body: .bytes(Array("{\"error\":{\"message\":\"not found\"}}".utf8)))
        }
        var headers: [String: String] = [:]
        for (name, value) in request.headers where headers[name.canonicalName] == nil { headers[name.canonicalName] = value }
        let recorded = RecordedRequest(path: request.path, query: request.query, format: format, authorization: request.header(.authorization),
                                       apiKey: format.apiKey { headers[$0] }, headers: headers, traceparent: request.header(.traceparent),
                                       body: request.body, receivedAt: receivedAt, tokensSent: 0, finished: false)
        let (standing, chooser, index) = state.withLock { state in
            state.requests.append(recorded)
            return (state.script, state.chooser, state.requests.count - 1)
        }
        let script = chooser?.choose(request.body) ?? standing
        let dialect = format.dialect
        guard script.status == 200 else {
            update(index) { $0.finished = true }
            let message = script.errorQuotesRequest ? "invalid request: " + Self.lastMessage(request.body, dialect) : "scripted failure"
            return HTTPResponse(status: HTTPStatus(code: script.status), headers: [(.contentType, "application/json")],
                                body: .bytes(JSONWriter.bytes(dialect.errorBody(status: script.status, message: message))))
        }
        return HTTPResponse(status: .ok, headers: [(.contentType, "text/event-stream"), (.cacheControl, "no-cache")],
                            body: .stream { [self] writer in await play(script, dialect, index: index, writer: writer) })
    }

    private func play(_ script: Script, _ dialect: any ScriptedDialect.Type, index: Int, writer: any ResponseBodyWriter) async {
        do {
            let opening = dialect.opening(script)
            if !opening.isEmpty { try await writer.write(opening) }
            if script.firstTokenDelay > .zero { try await Task.sleep(for: script.firstTokenDelay) }
            for (i, token) in script.tokens.enumerated() {
                if i > 0, script.interval > .zero { try await Task.sleep(for: script.interval) }
                try await writer.write(dialect.token(token, index: i, script: script))
                update(index) { $0.tokensSent += 1 }
            }
            switch script.ending {
            case .complete:
                try await writer.write(dialect.complete(script))
            case .truncate:
                break
            case .stall:
                while true { try await Task.sleep(for: .seconds(3600)) }
            case .errorEvent(let status):
                try await writer.write(dialect.errorEvent(status: status))
            }
            update(index) { $0.finished = true }
        } catch {
            let now = ContinuousClock.now
            update(index) { $0.disconnectedAt = now }
        }
    }

    /// The content of a request's last message (what a user typed), or the whole body when it has none (or is
    /// not JSON: the body is quoted either way, which is what a test of quoting wants).
    static func lastMessage(_ body: [UInt8], _ dialect: any ScriptedDialect.Type) -> String {
        let json: JSONValue
        do { json = try JSONParser.parse(body) } catch { return String(decoding: body, as: UTF8.self) }
        return dialect.lastMessage(json) ?? String(decoding: body, as: UTF8.self)
    }

    /// Breaks the init-time cycle: the server needs a responder before the upstream exists.
    private final class Responder: HTTPResponder {
        let upstream = Mutex<ScriptedUpstream?>(nil)
        func respond(to request: HTTPRequest) async -> HTTPResponse {
            guard let upstream = upstream.withLock({ $0 }) else { return HTTPResponse(status: 503) }
            return upstream.respond(to: request)
        }
    }
}
