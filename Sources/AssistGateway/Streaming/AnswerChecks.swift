/// An app's checks on the streamed answers of the features its builder (same `name`) serves, for features
/// whose record has a `guard`. The gateway knows no check itself: the travel app, for instance, holds an
/// itinerary summary to the booking's times, flights, cities and their roles, and the locale's language.
public protocol AnswerChecks: Sendable {
    /// The builder whose prompts these checks judge (`PromptBuilder.name`).
    var name: String { get }
    /// A judge of one answer, from this request's prompt (its facts and data messages) and locale.
    func judge(_ prompt: Prompt, locale: String) -> any AnswerJudge
}

/// Judges one answer's sentences in the order they complete.
public protocol AnswerJudge: Sendable {
    /// The name of a check `sentence` fails, given the text already accepted before it; nil when it passes.
    /// `final`: no more text follows (checks that need enough words decide now with what there is).
    func violation(of sentence: String, after accepted: String, final: Bool) -> String?
}
