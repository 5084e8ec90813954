public import AssistWire
import Foundation

/// One chat message sent to a model.
public struct ChatMessage: Sendable, Equatable {
    public enum Role: String, Sendable { case system, user, assistant }
    public var role: Role
    public var content: String
    public init(role: Role, content: String) {
        self.role = role
        self.content = content
    }
}

/// A prompt the server built. Instructions and untrusted data (booking text, hotel descriptions, user
/// messages) are separate messages: data is never spliced into the instruction text, so text in the data
/// that looks like an instruction stays data.
public struct Prompt: Sendable, Equatable {
    public var messages: [ChatMessage] { didSet { estimatedTokens = Self.estimate(messages) } }
    /// Facts from our own data, sent to the app as a `facts` event before the first delta; nil sends none.
    public var facts: JSONValue?
    /// The version of the data the answer depends on (e.g. "BK-2041@3"); when set, the answer is stored and
    /// served again to requests with the same data, prompt version and locale, without a model call.
    public var cacheKey: String?
    /// The deterministic answer to the same request, written by a template from the same data as `facts`
    /// (a narrator): what the gateway serves instead of the model's when the model is not qualified for the
    /// locale or its answer fails a check. Nil: the feature has no narrator.
    public var narration: String?
    /// What the feature's checks compare an answer with beyond `facts`, never sent to the app (support chat: the
    /// policy the model was given and what the user wrote, `SupportReference`).
    public var reference: JSONValue?

    public init(messages: [ChatMessage], facts: JSONValue? = nil, cacheKey: String? = nil, narration: String? = nil) {
        self.messages = messages
        estimatedTokens = Self.estimate(messages)
        self.facts = facts
        self.cacheKey = cacheKey
        self.narration = narration
    }

    /// Estimated input tokens, for sizing the quota reservation, the `started` row and the settlement:
    /// counted once per prompt (it scans every byte), not at each of them.
    public private(set) var estimatedTokens: Int

    private static func estimate(_ messages: [ChatMessage]) -> Int {
        messages.reduce(0) { $0 + TokenEstimator.estimate($1.content) + 4 }
    }
}

/// Why a prompt could not be built.
public enum PromptBuildError: Error, Sendable, Equatable {
    /// The data the input names does not exist *for this user* (another user's booking looks the same).
    case notFound
    /// The input passed the schema but is still unusable (a message that is empty after trimming).
    case invalidInput(String)
    /// Another refusal the feature's data decides (404 `conversation_not_found`, 503 when its store is down).
    case refused(GatewayError)
}

/// Everything a builder may use: who asks, for which feature, with which input, in which locale.
public struct PromptContext: Sendable {
    public var user: String
    public var feature: FeatureRecord
    public var input: [String: JSONValue]
    public var locale: String
    /// Whether the gateway masked a personal number in `input` (which holds the placeholders, never the number):
    /// a feature that tells the user so (`support_triage`) reads it here.
    public var inputHadSensitiveNumbers = false
    /// What a structured feature's `prepare` read for this request, handed to its `answer` (nil for a stream feature,
    /// or one that read nothing).
    public var prepared: (any Sendable)?

    public init(user: String, feature: FeatureRecord, input: [String: JSONValue], locale: String) {
        self.user = user
        self.feature = feature
        self.input = input
        self.locale = locale
    }

    /// The worked example for the request's language (`template.examples`), if the feature has one.
    public var example: String? { feature.template.examples[Locales.language(of: locale)] }

    /// The feature's instructions with `{{language}}` (e.g. "Turkish") and `{{locale}}` filled in; any other
    /// `{{…}}` is left as written. Built for every request, so one pass over the UTF-8 bytes: the generic
    /// substring search it replaced was 2 % of the gateway's CPU per request.
    public var instructions: String {
        let template = feature.template.instructions
        let utf8 = template.utf8
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var output = ""
        var copied = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            guard utf8[index] == open, let nameStart = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex),
                  utf8[utf8.index(after: index)] == open else {
                index = utf8.index(after: index)
                continue
            }
            // The first "}}" after the opening braces ends the placeholder; none: the rest is text.
            var end = nameStart
            while end < utf8.endIndex, !(utf8[end] == close && utf8.index(after: end) < utf8.endIndex && utf8[utf8.index(after: end)] == close) {
                end = utf8.index(after: end)
            }
            guard end < utf8.endIndex else { break }
            let after = utf8.index(end, offsetBy: 2)
            let filled: String? = switch template[nameStart..<end] {
            case "language": LanguageNames.english(for: locale)
            case "locale": locale
            default: nil
            }
            if let filled {
                output += template[copied..<index]
                output += filled
                copied = after
            }
            index = after
        }
        guard copied > utf8.startIndex else { return template }
        return output + template[copied...]
    }
}

/// Builds one feature's prompt, reading the data it needs for this user only.
public protocol PromptBuilder: Sendable {
    /// The name a feature record's `template.builder` refers to.
    var name: String { get }
    func build(_ context: PromptContext) async throws(PromptBuildError) -> Prompt
}

/// English names of the languages the reference apps answer in, for instructions like "Answer in Turkish".
public enum LanguageNames {
    static let names = ["tr": "Turkish", "en": "English", "de": "German", "fr": "French", "es": "Spanish",
                        "pt": "Portuguese", "it": "Italian", "ar": "Arabic", "nl": "Dutch", "ru": "Russian"]

    public static func english(for locale: String) -> String {
        names[Locales.language(of: locale)] ?? "the language of locale \(locale)"
    }
}
