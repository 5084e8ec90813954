public import AssistWire

/// Feature 2: a support message → its topic, whether it carries sensitive numbers, and the masked text
/// that may leave the device. The topic picks the one policy section the server adds to the prompt.
///
/// Masking is always deterministic and always first: no model sees the unmasked message. A keyword
/// classifier (English and Turkish) decides the topic when exactly one topic leads; only when the cues tie
/// is the guarded on-device model asked, under a walled schema whose choices are the tied topics plus
/// `other`. So the model path can settle what the rules cannot, and never overrules them.
public struct SupportTriage: Sendable {
    public enum Topic: String, Sendable, CaseIterable, Equatable {
        case refund, baggage, scheduleChange, payment, other
        /// The policy section the gateway adds for this topic (nil: the whole policy).
        public var policySection: String? {
            switch self {
            case .refund: "refund"
            case .baggage: "baggage"
            case .scheduleChange: "schedule_change"
            case .payment: "payment"
            case .other: nil
            }
        }
    }

    public enum Source: String, Sendable { case model, fallback }

    public struct Result: Sendable, Equatable {
        public var topic: Topic
        public var containsSensitiveNumbers: Bool
        public var masked: String
        public var source: Source

        public var json: JSONValue {
            ["topic": .string(topic.rawValue), "containsSensitiveNumbers": .bool(containsSensitiveNumbers),
             "masked": .string(masked), "source": .string(source.rawValue)]
        }
    }

    let model: GuardedModel?
    let masker = PIIMasker()

    public init(model: GuardedModel? = nil) { self.model = model }

    /// The wall: the model may only pick a topic the text has a cue for, or `other`.
    public static func schema(for text: String) -> DynamicSchema {
        let folded = FoldedText(text)
        let candidates = cues.filter { _, words in folded.containsAny(words) }.map(\.0) + [.other]
        return .object(properties: [.init("topic", .string(choices: candidates.map { DynamicSchema.Choice($0.rawValue) }))])
    }

    public func triage(_ message: String) async -> Result {
        let masked = masker.mask(message)
        let leaders = Self.leaders(masked.masked)
        if let model, leaders.count > 1 {
            let schema = DynamicSchema.object(properties: [
                .init("topic", .string(choices: (leaders + [.other]).map { DynamicSchema.Choice($0.rawValue) })),
            ])
            let prompt = ModelPrompt(instructions: "Classify the customer's support message into one topic.", text: masked.masked)
            if case .success(let answer) = await model.respond(to: prompt, schema: schema),
               let topic = answer["topic"]?.stringValue.flatMap(Topic.init(rawValue:)) {
                return Result(topic: topic, containsSensitiveNumbers: masked.containsSensitiveNumbers, masked: masked.masked, source: .model)
            }
        }
        return Result(topic: Self.classify(masked.masked), containsSensitiveNumbers: masked.containsSensitiveNumbers,
                      masked: masked.masked, source: .fallback)
    }

    /// The topics tied for the most cue words (empty when the text has no cue).
    static func leaders(_ text: String) -> [Topic] {
        let folded = FoldedText(text)
        let scores = cues.map { topic, words in (topic, words.filter { folded.contains($0) }.count) }
        guard let best = scores.map(\.1).max(), best > 0 else { return [] }
        return scores.filter { $0.1 == best }.map(\.0)
    }

    /// The deterministic classifier: the topic whose cue words appear most (ties go to the more specific
    /// topic, in the order below); `other` when none does.
    public static func classify(_ text: String) -> Topic {
        let folded = FoldedText(text)
        var best: (topic: Topic, score: Int) = (.other, 0)
        for (topic, cues) in cues {
            let score = cues.filter { folded.contains($0) }.count
            if score > best.score { best = (topic, score) }
        }
        return best.topic
    }

    static let cues: [(Topic, [String])] = [
        (.baggage, ["bag", "bags", "baggage", "luggage", "suitcase", "carry-on", "kg", "bagaj", "valiz", "bavul", "el bagajı", "çanta"]),
        (.scheduleChange, ["delay", "delayed", "schedule", "rescheduled", "moved", "earlier", "later flight", "cancelled flight",
                           "flight was cancelled", "rötar", "ertelendi", "saati değişti", "değişiklik", "iptal edildi", "gecikti", "kaydırıldı"]),
        (.refund, ["refund", "money back", "reimburse", "reimbursement", "iade", "geri ödeme", "paramı geri", "ücret iadesi"]),
        (.payment, ["payment", "charged", "charge", "installment", "card", "paid twice", "invoice", "ödeme", "taksit", "kart",
                    "çekildi", "fatura", "iki kez"]),
    ]
}
