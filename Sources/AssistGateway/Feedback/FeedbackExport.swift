public import AssistWire

/// Turns users' "wrong" verdicts into golden cases (`assist feedback export`, `GET /admin/feedback/export`), with
/// personal data masked.
///
/// A case keeps what reproduces the request (the feature's input, the locale, the user id the data is read
/// for) and what explains it (the user's reason, the prompt version that answered). Every string in the
/// input and the reason goes through the gateway's `PersonalDataMasker` (cards, IBANs, identity and passport
/// numbers, e-mail addresses, phone numbers). The user id is the gateway's pseudonymous subject, needed to read the
/// booking again; feedback whose input the gateway no longer remembered is skipped and counted.
public enum FeedbackExport {
    public struct Result: Sendable {
        public var cases: [JSONValue]
        /// "wrong" verdicts without a remembered input (sent more than an hour after the request, or after a restart).
        public var withoutInput: Int
    }

    public static func goldenCases(_ feedback: [Feedback], feature: String? = nil, masker: any PersonalDataMasker) -> Result {
        var result = Result(cases: [], withoutInput: 0)
        for item in feedback where item.verdict == .wrong && (feature == nil || item.feature == feature) {
            guard let input = item.input, let locale = item.locale else {
                result.withoutInput += 1
                continue
            }
            var object: [String: JSONValue] = [
                "id": .string("fb-\(item.requestId)"), "feature": .string(item.feature), "user": .string(item.user),
                "input": masker.mask(.object(input)), "locale": .string(locale), "promptVersion": .string(item.promptVersion),
                "source": "feedback",
            ]
            if let reason = item.reason { object["reason"] = .string(masker.mask(reason)) }
            result.cases.append(.object(object))
        }
        return result
    }
}
