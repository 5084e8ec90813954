/// The checks a guarded feature's streamed answers are held to (a feature record's `checks`, when it has a
/// `guard`). The gateway knows no check itself: the app supplies them, e.g. an itinerary summary held to the
/// booking's times, flights, cities and their roles, and the locale's language.
public protocol AnswerChecks: Sendable {
    /// The check names this knows; a guarded feature naming another is a configuration error, never a pass.
    var known: Set<String> { get }
    /// A judge of one answer to `feature`'s checks, against this request's prompt (its facts and data) and locale.
    func judge(_ prompt: Prompt, feature: FeatureRecord, locale: String) -> any AnswerJudge
}

/// Judges one answer's sentences in the order they complete.
public protocol AnswerJudge: Sendable {
    /// The name of a check `sentence` fails, given the text already accepted before it; nil when it passes.
    /// `final`: no more text follows (checks that need enough words decide now with what there is).
    func violation(of sentence: String, after accepted: String, final: Bool) -> String?
}
