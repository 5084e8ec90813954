public import AssistEvaluation
public import AssistGateway
import AssistHTTP
public import AssistWire
import Synchronization

/// Golden cases answered as the gateway serves them: a request through `Gateway.respond`, in process, so
/// admission, qualification, the answer guard, the narrator and the answer cache all take part. `assist
/// eval` reports these beside the raw model's answers: what a user reads, against what the model writes.
public struct ServedAnswers: Sendable {
    let gateway: Gateway
    /// A session token for a user (the case's `user`, default u1).
    let token: @Sendable (String) -> String

    public init(gateway: Gateway, token: @escaping @Sendable (String) -> String) {
        self.gateway = gateway
        self.token = token
    }

    /// The served text and who wrote it (`done.source`), to be checked against what `prompt` was built from:
    /// the same facts, data and policy as the raw answer (`GoldenEvaluation.reference`, `supportReference`).
    public func answer(_ item: GoldenCase, feature: FeatureRecord, prompt: Prompt?)
        async -> Result<(answer: CheckedAnswer, source: AnswerOrigin?), AnswerFailure> {
        guard let input = item.input else { return .failure(AnswerFailure("the case has no input")) }
        let user = item.extra["user"]?.stringValue ?? "u1"
        let body = JSONWriter.bytes(["feature": .string(feature.id), "input": .object(input), "locale": .string(item.locale)])
        let response = await gateway.respond(to: HTTPRequest(method: .post, path: "/v1/assist/stream",
                                                             headers: [(.authorization, "Bearer \(token(user))")], body: body))
        guard case .stream(let produce) = response.body else {
            return .failure(AnswerFailure("refused with \(response.status.code)"))
        }
        let writer = CollectingWriter()
        await produce(writer)
        var text = ""
        for event in AssistEvent.events(inBody: writer.bytes) {
            switch event {
            case .facts: continue
            case .delta(let piece): text += piece
            case .done(_, _, _, let source, _):
                return .success((CheckedAnswer(text: text, locale: item.locale, booking: prompt.flatMap(GoldenEvaluation.reference),
                                               support: prompt.flatMap(GoldenEvaluation.supportReference)), source))
            case .error(let code): return .failure(AnswerFailure("stream ended with \(code.rawValue)"))
            }
        }
        return .failure(AnswerFailure("stream ended without done"))
    }
}

/// A response body kept in memory.
private final class CollectingWriter: ResponseBodyWriter {
    private let collected = Mutex<[UInt8]>([])
    var bytes: [UInt8] { collected.withLock { $0 } }
    func write(_ bytes: [UInt8]) async throws { collected.withLock { $0 += bytes } }
    func tryWrite(_ bytes: [UInt8]) -> Bool { collected.withLock { $0 += bytes }; return true }
    func finish() {}
    var isClientGone: Bool { false }
}
