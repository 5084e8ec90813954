import AssistGateway
import AssistGatewayEvaluation
import AssistHTTP
import AssistTestSupport
import AssistWire
import Synchronization
import Testing

/// The gateway masks personal numbers itself (issue 28), in two places: every string of a request's input at
/// admission, before a prompt builder reads it (counted in the audit row), and every message of every provider
/// request, which catches what a builder adds from stored data (counted in the metrics).
@Suite("Personal data masking in the gateway")
struct PersonalDataMaskingTests {
    /// Records each request's messages and answers "ok".
    final class RecordingProvider: ModelProvider {
        private let received = Mutex<[[ChatMessage]]>([])
        var requests: [[ChatMessage]] { received.withLock { $0 } }

        func stream(_ request: ProviderRequest) -> ProviderStream {
            received.withLock { $0.append(request.messages) }
            let (base, continuation) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
            continuation.yield(.text("ok"))
            continuation.yield(.finish(reason: "stop"))
            continuation.finish()
            return ProviderStream(base) {}
        }
    }

    /// Echoes the input's message, and adds a data message as if read from the user's stored data; keeps what
    /// it was given.
    final class EchoingBuilder: PromptBuilder {
        let name: String
        let storedData: String
        let system: String
        private let seen = Mutex<[String]>([])
        var messagesSeen: [String] { seen.withLock { $0 } }

        init(name: String, storedData: String, system: String = "Answer.") {
            self.name = name
            self.storedData = storedData
            self.system = system
        }

        func build(_ context: PromptContext) async throws(PromptBuildError) -> Prompt {
            let message = context.input["message"]?.stringValue ?? ""
            seen.withLock { $0.append(message) }
            return Prompt(messages: [ChatMessage(role: .system, content: system), ChatMessage(role: .user, content: storedData),
                                     ChatMessage(role: .user, content: message)])
        }
    }

    struct Gateway_ {
        let gateway: Gateway
        let dependencies: GatewayDependencies
        let provider: RecordingProvider
        let builder: EchoingBuilder
        let token: String
    }

    static func gateway(storedData: String, system: String = "Answer.") throws -> Gateway_ {
        let config = try ConfigFixture.load(ConfigFixture.json)
        let secret = Array("masking-secret".utf8)
        let provider = RecordingProvider()
        let builder = EchoingBuilder(name: "support_chat", storedData: storedData, system: system)
        let builders: [any PromptBuilder] = [builder] + ConfigFixture.knownBuilders.subtracting(["support_chat"]).map {
            EchoingBuilder(name: $0, storedData: "")
        }
        let dependencies = try GatewayDependencies(
            config: config, stores: .inMemory(), security: GatewaySecurity(tokenVerifier: JWTVerifier(secret: secret, settings: config.auth)),
            models: ModelAccess(provider: provider), handlers: FeatureHandlers(builders: builders), masker: PIIMasking())
        let token = HS256TokenIssuer(secret: secret, settings: config.auth).token(for: "u1")
        return Gateway_(gateway: Gateway(dependencies: dependencies), dependencies: dependencies, provider: provider, builder: builder, token: token)
    }

    static func ask(_ subject: Gateway_, message: String) async throws -> String {
        let request = HTTPRequest(method: .post, path: "/v1/assist/stream",
                                  headers: [(.authorization, "Bearer \(subject.token)"), (.contentType, "application/json")],
                                  body: JSONWriter.bytes(["feature": "support_chat", "input": ["message": .string(message)], "locale": "en-US"]))
        let response = await subject.gateway.respond(to: request)
        #expect(response.status == .ok)
        guard case .stream(let produce) = response.body else {
            Issue.record("no stream: \(response.status)")
            return ""
        }
        let writer = RecordingBodyWriter()
        await produce(writer)
        return try #require(response.headers.first { $0.0 == .requestId }?.1)
    }

    @Test("the input is masked before the builder reads it; the provider sees the kit's placeholders; the row counts them")
    func inputMaskedAtAdmission() async throws {
        let subject = try Self.gateway(storedData: "Booking BK-2041.")
        let id = try await Self.ask(subject, message: "Refund to card 4111-1111-1111-1111 or IBAN TR33 0006 1005 1978 6457 8413 26, call +90 532 123 45 67")
        let seen = try #require(subject.builder.messagesSeen.first)
        #expect(seen == "Refund to card **** **** **** 1111 or IBAN TR********************1326, call [phone]")
        let sent = try #require(subject.provider.requests.first).map(\.content).joined(separator: "\n")
        #expect(sent.contains("**** **** **** 1111") && !sent.contains("4111-1111-1111-1111") && !sent.contains("532 123 45 67"))
        let row = try #require(try await subject.dependencies.stores.audit.record(for: id))
        #expect(row.maskedValues == 3)
        #expect(subject.dependencies.state.metrics.render().contains(#"assist_masked_values_total{stage="input"} 3"#))
        #expect(!subject.dependencies.state.metrics.render().contains(#"stage="provider""#))
    }

    @Test("a number a builder adds from stored data is masked on the way to the provider and counted there, not in the row")
    func dataMaskedAtTheProvider() async throws {
        let subject = try Self.gateway(storedData: "Contact on file: +44 20 7946 0958, card 5500 0000 0000 0004.")
        let id = try await Self.ask(subject, message: "Where is my bag?")
        let sent = try #require(subject.provider.requests.first)
        #expect(sent[1].content == "Contact on file: [phone], card **** **** **** 0004.")
        #expect(sent[2].content == "Where is my bag?")
        let row = try #require(try await subject.dependencies.stores.audit.record(for: id))
        #expect(row.maskedValues == 0)
        #expect(subject.dependencies.state.metrics.render().contains(#"assist_masked_values_total{stage="provider"} 2"#))
    }

    @Test("a system message is masked too, every time (one found clean is remembered; one with a number never is)")
    func systemMessages() async throws {
        let subject = try Self.gateway(storedData: "Booking BK-2041.", system: "Policy: call +90 212 444 0 849 or write to help@example.com.")
        for _ in 0..<3 { _ = try await Self.ask(subject, message: "Where is my bag?") }
        #expect(subject.provider.requests.count == 3)
        for request in subject.provider.requests {
            #expect(request[0].content == "Policy: call [phone] or write to [email].")
            #expect(request[1].content == "Booking BK-2041.")
        }
        #expect(subject.dependencies.state.metrics.render().contains(#"assist_masked_values_total{stage="provider"} 6"#))
    }

    @Test("text with no digit and no @ is passed through untouched, as the same string")
    func plainTextUntouched() {
        let text = "İstanbul'dan Lizbon'a uçuş, ne zaman?"
        #expect(PIIMasking().masked(text) == MaskedText(text: text, count: 0, numbers: 0))
    }
}
