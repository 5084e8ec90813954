public import AssistEvaluation
public import AssistGateway
import AssistUnderstanding

/// The answer guard's checks are the evaluation's own (`PropertyChecks`): what `assist eval` holds golden
/// answers to offline, the gateway holds each served sentence to live, against the same facts
/// (`GoldenEvaluation.reference`: the prompt's facts and data message).
///
/// A check judges by its `scope`: a `.sentence` check every sentence alone; a `.words(n)` check (the
/// language) a sentence of n words or more alone, the answer so far when it first reaches n words, and a
/// shorter whole answer at its end; an `.answerSoFar` check (repetition) the answer so far at every sentence;
/// an `.opening(n)` check (the subject) the answer so far when it first reaches n words, or a shorter whole
/// answer at its end; an `.answer` check (structured answers) cannot judge a stream and is not known here, so
/// a guarded feature naming one is refused at start-up.
public struct PropertyCheckGuard: AnswerChecks {
    private let catalog: [any PropertyCheck]

    public init(catalog: [any PropertyCheck] = PropertyChecks.all) {
        self.catalog = catalog.filter { $0.scope != .answer }
    }

    public var known: Set<String> { Set(catalog.map(\.name)) }

    public func judge(_ prompt: Prompt, feature: FeatureRecord, locale: String) -> any AnswerJudge {
        Judge(checks: feature.checks.compactMap { name in catalog.first { $0.name == name } }, locale: locale,
              booking: GoldenEvaluation.reference(prompt), support: GoldenEvaluation.supportReference(prompt))
    }

    struct Judge: AnswerJudge {
        let checks: [any PropertyCheck]
        let locale: String
        let booking: BookingReference?
        let support: SupportReference?

        func violation(of sentence: String, after accepted: String, final: Bool) -> String? {
            for check in checks {
                for text in texts(for: check.scope, sentence: sentence, accepted: accepted, final: final)
                where check.violation(in: CheckedAnswer(text: text, locale: locale, booking: booking, support: support)) != nil {
                    return check.name
                }
            }
            return nil
        }

        /// What a check of `scope` judges when `sentence` completes.
        private func texts(for scope: CheckScope, sentence: String, accepted: String, final: Bool) -> [String] {
            switch scope {
            case .sentence:
                return [sentence]
            case .words(let enough):
                let (before, alone) = (TextMatching.words(accepted).count, TextMatching.words(sentence).count)
                var texts: [String] = []
                if alone >= enough { texts.append(sentence) }
                if before < enough, before + alone >= enough || (final && before + alone >= 3) { texts.append(accepted + sentence) }
                return texts
            case .answerSoFar:
                return [accepted + sentence]
            case .opening(let enough):
                let (before, alone) = (TextMatching.words(accepted).count, TextMatching.words(sentence).count)
                return before < enough && (before + alone >= enough || final) ? [accepted + sentence] : []
            case .answer:
                return []
            }
        }
    }
}
