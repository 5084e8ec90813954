import AssistWire

/// A feature record's `guard`: the model's streamed text is held to the feature's checks (`AnswerChecks`,
/// supplied by the app for its builder) against this request's facts before the client sees it.
///
/// - `release`: `sentence` holds each sentence (or line) until it has passed; `token` sends tokens at once and
///   checks each sentence as it completes (faster first text, but a failing sentence has been seen).
/// - `onViolation`: `withhold` drops the failing sentence and goes on (if every sentence was withheld, the
///   narrator answers); `fallback` cancels the provider call and streams the narrator's answer after the text
///   already released; `end` ends the stream with `error answer_withheld`.
public struct AnswerGuardSettings: Sendable, Equatable {
    public enum Release: String, Sendable { case sentence, token }
    public enum OnViolation: String, Sendable { case withhold, fallback, end }

    public var release: Release
    public var onViolation: OnViolation

    public init(release: Release = .sentence, onViolation: OnViolation = .fallback) {
        self.release = release
        self.onViolation = onViolation
    }

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> AnswerGuardSettings? {
        guard let members = reader.object(value, at: path, allowed: ["release", "onViolation"]) else { return nil }
        var settings = AnswerGuardSettings()
        if let name = reader.string(members, "release", at: path, required: false) {
            if let release = Release(rawValue: name) { settings.release = release } else { reader.issue("\(path).release", "must be sentence or token") }
        }
        if let name = reader.string(members, "onViolation", at: path, required: false) {
            if let action = OnViolation(rawValue: name) {
                settings.onViolation = action
            } else {
                reader.issue("\(path).onViolation", "must be withhold, fallback or end")
            }
        }
        return settings
    }
}
