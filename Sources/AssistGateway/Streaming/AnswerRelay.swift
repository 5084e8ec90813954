import AssistHTTP
import AssistWire

/// Moves one answer's text to the client: as it comes, or, for a feature with a `guard` and checks for its
/// builder, through `GuardedRelease`, doing what the guard's `onViolation` says when a sentence fails.
///
/// The narrator's answer (`Prompt.narration`) is the fallback. A feature with no narration for this request
/// ends with `answer_withheld` where it would fall back.
struct AnswerRelay {
    /// Why the answer stops before the model's text has ended.
    enum Stop: Equatable {
        /// The narrator's answer was sent in the model's place: cancel the provider call, end with `done`.
        case fellBack
        /// End with `error answer_withheld`: cancel the provider call.
        case withheld
    }

    private var guarded: GuardedRelease?
    private let onViolation: AnswerGuardSettings.OnViolation
    private let narration: String?
    /// Who wrote what was sent: nil for an unguarded feature (the model, as always).
    private(set) var origin: AnswerOrigin?
    /// Sentences withheld for failing a check (with `release: sentence`).
    private(set) var withheld = 0
    /// The first check that failed, for the audit row (a check's name, never the text).
    private(set) var failedCheck: String?
    /// When text first reached the client.
    private(set) var firstReleaseAt: ContinuousClock.Instant?
    private var releasedAny = false

    init(feature: FeatureRecord, prompt: Prompt, locale: String, checks: (any AnswerChecks)?) {
        narration = prompt.narration
        onViolation = feature.answerGuard?.onViolation ?? .fallback
        if let settings = feature.answerGuard, let checks {
            guarded = GuardedRelease(mode: settings.release, judge: checks.judge(prompt, feature: feature, locale: locale))
            origin = .model
        }
    }

    /// Sends the next piece of the model's text at once when nothing stands between it and the client: no guard to
    /// judge it, and room in the writer's buffer. Returns false, having sent nothing, when the caller must `take` it
    /// (a guarded answer, a full buffer, a client gone). Synchronous, so the common case of a live answer costs no
    /// async frames per delta (issue 32: the task allocator was an eighth of a relayed token's CPU).
    mutating func sendNow(_ text: String, to writer: any ResponseBodyWriter, at now: ContinuousClock.Instant) -> Bool {
        guard guarded == nil else { return false }
        guard !text.isEmpty else { return true }
        guard writer.tryWrite(AssistEvent.delta(text: text).sseFrame) else { return false }
        noteReleased(at: now)
        return true
    }

    /// Takes the next piece of the model's text, sending what may be sent.
    nonisolated(nonsending) mutating func take(_ text: String, to writer: any ResponseBodyWriter, at now: ContinuousClock.Instant) async throws -> Stop? {
        guard var release = guarded else {
            try await send(text, to: writer, at: now)
            return nil
        }
        let steps = release.take(text)
        guarded = release
        return try await perform(steps, writer: writer, at: now)
    }

    /// The model's text ended normally: its last sentence is judged, and an answer whose every sentence was
    /// withheld falls back to the narrator.
    mutating func finish(to writer: any ResponseBodyWriter, at now: ContinuousClock.Instant) async throws -> Stop? {
        guard var release = guarded else { return nil }
        let steps = release.finish()
        guarded = release
        if let stop = try await perform(steps, writer: writer, at: now) { return stop }
        if !releasedAny, withheld > 0 { return try await fallBack(writer: writer, at: now) }
        return nil
    }

    nonisolated(nonsending) private mutating func perform(_ steps: [GuardedRelease.Step], writer: any ResponseBodyWriter, at now: ContinuousClock.Instant) async throws -> Stop? {
        for step in steps {
            switch step {
            case .release(let text):
                try await send(text, to: writer, at: now)
            case .violation(let check):
                failedCheck = failedCheck ?? check
                switch onViolation {
                case .withhold: withheld += 1
                case .fallback: return try await fallBack(writer: writer, at: now)
                case .end: return .withheld
                }
            }
        }
        return nil
    }

    /// The narrator writes the whole answer (the model is not qualified for this locale): sent as it is,
    /// since a narrator is a template over the same facts the checks compare with.
    mutating func narrate(_ text: String, to writer: any ResponseBodyWriter, at now: ContinuousClock.Instant) async throws {
        for piece in Self.pieces(text) { try await send(piece, to: writer, at: now) }
        origin = .narrator
    }

    /// Sends the narrator's answer after whatever was released, or stops with `answer_withheld` without one.
    private mutating func fallBack(writer: any ResponseBodyWriter, at now: ContinuousClock.Instant) async throws -> Stop {
        guard let narration else { return .withheld }
        try await narrate((releasedAny ? "\n\n" : "") + narration, to: writer, at: now)
        return .fellBack
    }

    nonisolated(nonsending) private mutating func send(_ text: String, to writer: any ResponseBodyWriter, at now: ContinuousClock.Instant) async throws {
        guard !text.isEmpty else { return }
        try await writer.write(AssistEvent.delta(text: text).sseFrame)
        noteReleased(at: now)
    }

    private mutating func noteReleased(at now: ContinuousClock.Instant) {
        releasedAny = true
        if firstReleaseAt == nil { firstReleaseAt = now }
    }

    /// A whole text as deltas of a few words each, in the shape of a live answer.
    static func pieces(_ text: String) -> [String] {
        var pieces: [String] = [], chunk = ""
        for character in text {
            chunk.append(character)
            guard chunk.utf8.count >= 48, character.isWhitespace else { continue }
            pieces.append(chunk)
            chunk = ""
        }
        if !chunk.isEmpty { pieces.append(chunk) }
        return pieces
    }
}
