import AssistHTTP
import AssistGateway
import AssistWire
import Synchronization

/// Prompt builders and a structured handler over a small in-memory booking table, standing in for a
/// reference app: each reads only the caller's data (another user's booking is `.notFound`), and the
/// summary is cacheable by booking version, as the travel app's is.
enum TestApps {
    struct Booking: Sendable {
        var owner: String
        var version: Int
    }

    final class Bookings: Sendable {
        private let rows = Mutex<[String: Booking]>(["BK-1": Booking(owner: "u1", version: 1), "BK-2": Booking(owner: "u2", version: 1)])
        func booking(_ id: String) -> Booking? { rows.withLock { $0[id] } }
        func bump(_ id: String) { rows.withLock { $0[id]?.version += 1 } }
    }

    struct Summary: PromptBuilder {
        let name = "itinerary_summary"
        let bookings: Bookings

        func build(_ context: PromptContext) async throws(PromptBuildError) -> Prompt {
            guard let id = context.input["bookingId"]?.stringValue, let booking = bookings.booking(id), booking.owner == context.user else {
                throw .notFound
            }
            return Prompt(messages: [ChatMessage(role: .system, content: context.instructions),
                                     ChatMessage(role: .user, content: "booking \(id)")],
                          facts: ["booking": .string(id)], cacheKey: "\(id)@\(booking.version)")
        }
    }

    struct Chat: PromptBuilder {
        let name = "support_chat"

        func build(_ context: PromptContext) async throws(PromptBuildError) -> Prompt {
            let message = context.input["message"]?.stringValue ?? ""
            guard !message.allSatisfy(\.isWhitespace) else { throw .invalidInput("message: empty") }
            return Prompt(messages: [ChatMessage(role: .system, content: context.instructions), ChatMessage(role: .user, content: message)],
                          narration: Self.narration)
        }

        /// The chat's deterministic answer (used only where a test gives the feature a guard).
        static let narration = "A colleague will look into this and write to you."
    }

    /// Checks for the chat's answers: no sentence may shout (a word of 4+ capitals), and none may name a
    /// time other than 09:40.
    struct ChatChecks: AnswerChecks {
        let known: Set<String> = ["language_matches_locale", "times_match_booking", "no_invented_segments"]
        func judge(_ prompt: Prompt, feature: FeatureRecord, locale: String) -> any AnswerJudge { Judge() }

        struct Judge: AnswerJudge {
            func violation(of sentence: String, after accepted: String, final: Bool) -> String? {
                let words = sentence.split { !$0.isLetter && !$0.isNumber && $0 != ":" }
                if words.contains(where: { $0.count >= 4 && $0.allSatisfy(\.isUppercase) }) { return "no_shouting" }
                if words.contains(where: { $0.contains(":") && $0 != "09:40" }) { return "times_match" }
                return nil
            }
        }
    }

    /// Answers with the model's whole text as `{"echo": …}`, charging the provider's usage.
    struct Lookup: StructuredFeature {
        let name = "lookup"

        func answer(_ context: PromptContext, provider: any ModelProvider, model: ModelAlias, apiKey: String?) async -> StructuredAnswer {
            var text = ""
            var usage: TokenUsage?
            let request = ProviderRequest(baseURL: model.baseURL, model: model.model, apiKey: apiKey,
                                          messages: [ChatMessage(role: .user, content: context.input["text"]?.stringValue ?? "")],
                                          maxOutputTokens: context.feature.maxOutputTokens)
            do {
                for try await chunk in provider.stream(request) {
                    switch chunk {
                    case .text(let piece): text += piece
                    case .usage(let reported): usage = reported
                    case .finish: break
                    }
                }
            } catch {
                return StructuredAnswer(json: ["error": "model unavailable"])
            }
            return StructuredAnswer(json: ["echo": .string(text)], usage: usage)
        }
    }
}

/// Integrity by a test header: `X-Assist-Integrity: <level>` is that trust level, none is `unavailable`.
struct HeaderIntegrityVerifier: IntegrityVerifier {
    func verdict(for request: HTTPRequest, user: String, feature: FeatureRecord) async -> IntegrityVerdict {
        guard let value = request.header(.assistIntegrity) else { return IntegrityVerdict(.unavailable) }
        return IntegrityVerdict(TrustLevel(rawValue: value) ?? .untrusted, reason: "header")
    }
}
