public import AssistWire

/// The walls around a model that turns text into a typed value:
///
/// 1. A property is in the schema only when the text carries a signal for it, so the model cannot even
///    express a value nobody mentioned.
/// 2. A string property's choices are only the candidates found in the text (or in the user's own data),
///    trimmed to a budget.
/// 3. After the model answers, every value without literal support in the text is dropped and reported.
public struct Wall: Sendable {
    /// How a value must be supported by the text to be kept.
    public enum Support: Sendable {
        /// The value, or one of its surface forms, appears in the text (`forms["Lisbon"] = ["Lizbon"]`).
        case literal(forms: [String: [String]])
        /// The number appears in the text, as digits or as a number word.
        case number(words: [String: Int])
        /// Kept without a check: the property exists only because its signal was in the text.
        case signal
    }

    public struct Field: Sendable {
        public var name: String
        public var schema: DynamicSchema
        /// Words that make this property appear in the schema; empty means always.
        public var signals: [String]
        public var support: Support
        public init(_ name: String, _ schema: DynamicSchema, signals: [String] = [], support: Support) {
            self.name = name
            self.schema = schema
            self.signals = signals
            self.support = support
        }
    }

    public struct Dropped: Sendable, Equatable {
        public var field: String
        public var value: JSONValue
        public var reason: String
        public init(field: String, value: JSONValue, reason: String) {
            self.field = field
            self.value = value
            self.reason = reason
        }
    }

    public let fields: [Field]

    public init(fields: [Field]) { self.fields = fields }

    /// The fields the text signals.
    public func signalled(in text: String) -> [Field] {
        let folded = FoldedText(text)
        return fields.filter { field in field.signals.isEmpty || folded.containsAny(field.signals) }
    }

    /// The schema for this text: signalled fields only, all optional (the model may find nothing).
    public func schema(for text: String) -> DynamicSchema {
        .object(properties: signalled(in: text).map { .init($0.name, $0.schema, optional: true) })
    }

    /// Keeps the answer's values that the text supports; drops the rest (and any property outside the
    /// text's schema) and says why.
    public func ground(_ answer: JSONValue, in text: String) -> (kept: [String: JSONValue], dropped: [Dropped]) {
        let allowed = Dictionary(signalled(in: text).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var kept: [String: JSONValue] = [:]
        var dropped: [Dropped] = []
        for (name, value) in (answer.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            if case .null = value { continue }
            guard let field = allowed[name] else {
                dropped.append(Dropped(field: name, value: value, reason: "not signalled by the text"))
                continue
            }
            if Self.supported(value, by: field.support, in: text) {
                kept[name] = value
            } else {
                dropped.append(Dropped(field: name, value: value, reason: "no literal support in the text"))
            }
        }
        return (kept, dropped)
    }

    static func supported(_ value: JSONValue, by support: Support, in text: String) -> Bool {
        switch (support, value) {
        case (.signal, _): return true
        case (.literal(let forms), .string(let string)):
            return FoldedText(text).containsAny([string] + (forms[string] ?? []))
        case (.literal, .array(let elements)):
            return elements.allSatisfy { supported($0, by: support, in: text) }
        case (.number(let words), .number(let number)):
            let folded = TextMatching.words(text)
            if folded.contains(where: { Double($0) == number }) { return true }
            return words.contains { word, amount in Double(amount) == number && folded.contains(TextMatching.fold(word)) }
        default: return false
        }
    }
}
