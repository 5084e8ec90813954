import AssistWire

/// `support_chat`'s narrator: the deterministic answer to a support message, in the user's language (English or
/// Turkish).
///
/// With a triage topic that names a policy section (`SupportChatBuilder.sections`), it quotes that section word
/// for word, title included, after a lead-in and before an offer to hand over; with no topic, or one that
/// matches no section (`other`, or a section missing from the policy), it hands over to a colleague and says
/// nothing about policy. Why: a small model answers Turkish support questions in broken sentences (issue 13);
/// the policy text itself is ours and checked, so quoting the right section is a correct answer, and saying
/// "a colleague will help" is correct when we cannot tell which section applies. It never paraphrases: any
/// rewording of a policy is a new claim nobody checked.
public enum SupportNarrator {
    /// The narration for `locale`: `section` quoted, or the handover when it is nil; nil for a language other
    /// than English and Turkish (the narrator writes no other).
    public static func narration(section: TravelData.PolicySection?, locale: String) -> String? {
        guard let wording = Wording.of(locale: locale) else { return nil }
        guard let section else { return wording.handover }
        return wording.leadIn(section.title) + "\n\n" + wording.open + section.text + wording.close + "\n\n" + wording.offer
    }

    /// The section of `policy` that `topic` (the app's triage topic) picks; nil when there is no topic or it
    /// names no section of this policy.
    public static func section(forTopic topic: String?, in policy: [TravelData.PolicySection]) -> TravelData.PolicySection? {
        guard let topic, let name = SupportChatBuilder.sections[topic] else { return nil }
        return policy.first { $0.section == name }
    }

    /// One language's fixed texts.
    struct Wording: Sendable {
        let leadIn: @Sendable (String) -> String
        let open: String
        let close: String
        let offer: String
        let handover: String

        static func of(locale: String) -> Wording? {
            switch Locales.language(of: locale) {
            case "en": english
            case "tr": turkish
            default: nil
            }
        }

        static let english = Wording(
            leadIn: { "Here is what our support policy says in its \u{201C}\($0)\u{201D} section:" },
            open: "\u{201C}", close: "\u{201D}",
            offer: "If this does not answer your question, I can pass you to a colleague from our support team.",
            handover: "I'll pass you to a colleague from our support team, who will look at your question and get back to you "
                + "here as soon as possible. Thank you for your patience.")

        static let turkish = Wording(
            leadIn: { "Destek politikamızın \u{201C}\($0)\u{201D} bölümünde şöyle yazıyor:" },
            open: "\u{201C}", close: "\u{201D}",
            offer: "Bu bilgi sorunuzu yanıtlamıyorsa sizi destek ekibimizden bir arkadaşımıza aktarabilirim.",
            handover: "Sizi destek ekibimizden bir arkadaşımıza aktarıyorum; sorunuzu inceleyip en kısa sürede size buradan "
                + "dönüş yapacak. Sabrınız için teşekkür ederiz.")
    }
}
