public import AssistGateway
import AssistWire
import Foundation

/// `support_chat`: `{"message": "...", "history": [{"role", "text"}], "topic": "baggage"}` → instructions,
/// the support policy in the request's language (a separate system message), the client-kept history, then
/// the new message. A `topic` from the app's triage narrows the policy to its one section, so a small
/// model reads only what the question is about. The server stores none of the conversation. The narration
/// (`SupportNarrator`) quotes the section the topic picks, or hands over when it picks none.
public struct SupportChatBuilder: PromptBuilder {
    public let name = "support_chat"
    let travel: TravelDatabase

    public init(travel: TravelDatabase) { self.travel = travel }

    public func build(_ context: PromptContext) async throws(PromptBuildError) -> Prompt {
        guard let message = context.input["message"]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !message.isEmpty else {
            throw .invalidInput("input.message: must not be empty")
        }
        var policy = (try? travel.policy(language: Locales.language(of: context.locale))) ?? []
        let picked = SupportNarrator.section(forTopic: context.input["topic"]?.stringValue, in: policy)
        if let section = context.input["topic"]?.stringValue.flatMap({ Self.sections[$0] }) {
            policy = policy.filter { $0.section == section }
        }
        let policyText = policy.map { "## \($0.title)\n\($0.text)" }.joined(separator: "\n\n")
        var messages = [
            ChatMessage(role: .system, content: context.instructions),
            ChatMessage(role: .system, content: "Support policy:\n\n" + policyText),
        ]
        for turn in context.input["history"]?.arrayValue ?? [] {
            guard let text = turn["text"]?.stringValue else { continue }
            messages.append(ChatMessage(role: turn["role"]?.stringValue == "assistant" ? .assistant : .user, content: text))
        }
        messages.append(ChatMessage(role: .user, content: message))
        return Prompt(messages: messages, narration: SupportNarrator.narration(section: picked, locale: context.locale))
    }

    /// Triage topics (the client kit's names) → policy sections; `other` keeps the whole policy.
    static let sections = ["refund": "refund", "baggage": "baggage", "scheduleChange": "schedule_change", "payment": "payment"]
}
