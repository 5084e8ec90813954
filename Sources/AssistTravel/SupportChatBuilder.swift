public import AssistGateway
import AssistEvaluation
import AssistWire
import Foundation
import Synchronization

/// `support_chat`: `{"message": "...", "history": [{"role", "text"}], "topic": "baggage"}` → instructions,
/// the support policy in the request's language (a separate system message), the client-kept history, then
/// the new message. A `topic` from the app's triage narrows the policy to its one section, so a small
/// model reads only what the question is about. The server stores none of the conversation. The narration
/// (`SupportNarrator`) quotes the section the topic picks, or hands over when it picks none. The checks
/// (`SupportReference`) compare an answer with the policy text given and what the user wrote.
public struct SupportChatBuilder: PromptBuilder {
    public let name = "support_chat"
    let travel: TravelDatabase
    private let composed = ComposedPolicies()

    public init(travel: TravelDatabase) { self.travel = travel }

    public func build(_ context: PromptContext) async throws(PromptBuildError) -> Prompt {
        guard let message = context.input["message"]?.stringValue.map(Self.trimmed), !message.isEmpty else {
            throw .invalidInput("input.message: must not be empty")
        }
        var policy: [TravelData.PolicySection]
        do {
            policy = try travel.policy(language: Locales.language(of: context.locale))
        } catch {
            throw .refused(TravelDatabase.unavailable(error))
        }
        let picked = SupportNarrator.section(forTopic: context.input["topic"]?.stringValue, in: policy)
        let section = context.input["topic"]?.stringValue.flatMap({ Self.sections[$0] })
        let texts = composed.texts(language: Locales.language(of: context.locale), section: section) {
            if let section { policy = policy.filter { $0.section == section } }
            let text = policy.map { "## \($0.title)\n\($0.text)" }.joined(separator: "\n\n")
            return ComposedPolicies.Texts(policy: text, message: "Support policy:\n\n" + text)
        }
        let policyText = texts.policy
        var messages = [
            ChatMessage(role: .system, content: context.instructions),
            ChatMessage(role: .system, content: texts.message),
        ]
        var userText: [String] = []
        for turn in context.input["history"]?.arrayValue ?? [] {
            guard let text = turn["text"]?.stringValue else { continue }
            let isAssistant = turn["role"]?.stringValue == "assistant"
            if !isAssistant { userText.append(text) }
            messages.append(ChatMessage(role: isAssistant ? .assistant : .user, content: text))
        }
        messages.append(ChatMessage(role: .user, content: message))
        var prompt = Prompt(messages: messages, narration: SupportNarrator.narration(section: picked, locale: context.locale))
        let terms = picked.map { Self.sectionTerms[$0.section]?[Locales.language(of: context.locale)] ?? [] } ?? []
        prompt.reference = SupportReference(policy: policyText, sectionTerms: terms, userText: (userText + [message]).joined(separator: "\n")).json
        return prompt
    }

    /// `text` without the white space and line breaks around it (Unicode's White_Space). By hand, per scalar:
    /// Foundation's `trimmingCharacters` was a percent of the gateway's CPU per support question.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// Words an answer about a section names (folded; a Turkish case ending may follow), per language: the
    /// `addresses_section` check's list.
    static let sectionTerms: [String: [String: [String]]] = [
        "refund": ["en": ["refund", "refunded", "cancel", "cancelled", "money back"], "tr": ["iade", "iptal", "ucret"]],
        "baggage": ["en": ["bag", "bags", "baggage", "luggage", "suitcase", "kg"], "tr": ["bagaj", "valiz", "kg", "bavul"]],
        "schedule_change": ["en": ["schedule", "rebooking", "rebook", "time", "delay", "moved", "change"],
                            "tr": ["tarife", "saat", "degisiklik", "rotar", "gecikme"]],
        "payment": ["en": ["pay", "payment", "card", "installment", "installments", "charged", "currency"],
                    "tr": ["odeme", "kart", "taksit", "ucret"]],
    ]

    /// Triage topics (the client kit's names) → policy sections; `other` keeps the whole policy.
    static let sections = ["refund": "refund", "baggage": "baggage", "scheduleChange": "schedule_change", "payment": "payment"]
}

/// The policy as a prompt gives it, per language and topic section, composed once. The same few texts serve
/// request after request, so every open support stream shares one copy of them (each held about 4.5 KiB of its
/// own, issue 32). The travel data is built in and never written by a request, so a composed text never goes
/// stale. A request's language is the client's to name, so at most `capacity` are kept; past it a text is composed
/// for its request alone, which costs the composing, never memory.
final class ComposedPolicies: Sendable {
    static let capacity = 64

    struct Texts: Sendable {
        /// The sections, each under its title (what the checks compare an answer with).
        let policy: String
        /// The system message that carries them.
        let message: String
    }

    private let texts = Mutex<[String: Texts]>([:])

    func texts(language: String, section: String?, compose: () -> Texts) -> Texts {
        let key = language + "\u{0}" + (section ?? "")
        if let known = texts.withLock({ $0[key] }) { return known }
        let made = compose()
        return texts.withLock { texts in
            if let known = texts[key] { return known }
            if texts.count < Self.capacity { texts[key] = made }
            return made
        }
    }
}
