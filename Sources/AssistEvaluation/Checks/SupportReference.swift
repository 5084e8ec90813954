public import AssistWire

/// What a support answer may rest on, from the request and our own policy: the policy text the model was given
/// (the section the topic picks, or the whole policy), the words that show an answer is about that section, and
/// what the user wrote (as the gateway masked it). Checks compare a model's answer with this, never with
/// expected text.
public struct SupportReference: Sendable, Equatable {
    /// The policy text given to the model.
    public var policy: String
    /// Words (folded, a short suffix allowed) of which an answer about the picked section mentions at least one;
    /// empty when the topic picks no section.
    public var sectionTerms: [String]
    /// The user's message and earlier turns.
    public var userText: String

    public init(policy: String, sectionTerms: [String], userText: String) {
        self.policy = policy
        self.sectionTerms = sectionTerms
        self.userText = userText
    }

    /// `{"kind": "support", "policy", "sectionTerms", "user"}`, as a prompt carries it (`Prompt.reference`).
    public var json: JSONValue {
        ["kind": "support", "policy": .string(policy), "sectionTerms": .array(sectionTerms.map { .string($0) }), "user": .string(userText)]
    }

    /// The reference a prompt carries; nil for another kind.
    public init?(json: JSONValue) {
        guard json["kind"]?.stringValue == "support", let policy = json["policy"]?.stringValue, let user = json["user"]?.stringValue else {
            return nil
        }
        self.init(policy: policy, sectionTerms: json["sectionTerms"]?.arrayValue?.compactMap(\.stringValue) ?? [], userText: user)
    }
}
