/// A property an answer must have, checked mechanically; never a comparison with expected text.
public protocol PropertyCheck: Sendable {
    /// The name feature records use in `checks` (e.g. "times_match_booking").
    var name: String { get }
    /// nil when the answer has the property; otherwise what breaks it, for the report.
    func violation(in answer: CheckedAnswer) -> String?
    /// How much of an answer it needs (`.sentence` unless it says otherwise).
    var scope: CheckScope { get }
}

/// One answer with what it is checked against.
public struct CheckedAnswer: Sendable {
    public var text: String
    public var locale: String
    /// The booking behind the answer, for checks that compare with our data.
    public var booking: BookingReference?
    /// A structured answer, for schema and grounding checks.
    public var structured: StructuredOutcome?
    /// The policy and the user's text behind a support answer.
    public var support: SupportReference?

    public init(text: String, locale: String, booking: BookingReference? = nil, structured: StructuredOutcome? = nil,
                support: SupportReference? = nil) {
        self.text = text
        self.locale = locale
        self.booking = booking
        self.structured = structured
        self.support = support
    }
}

/// What a structured feature produced, with the verdicts of its own walls.
public struct StructuredOutcome: Sendable {
    /// Violations of the feature's JSON Schema by the model's raw object; empty when it conforms.
    public var schemaViolations: [String]
    /// Values that are not supported by the input text (dropped by the grounding wall).
    public var ungrounded: [String]

    public init(schemaViolations: [String], ungrounded: [String]) {
        self.schemaViolations = schemaViolations
        self.ungrounded = ungrounded
    }
}
