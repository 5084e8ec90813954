/// What Apple's on-device model can fail with (`LanguageModelSession.GenerationError`), as plain values,
/// so the decision of what each means for us is made — and tested — on every platform. The Apple adapter
/// only translates the system's error into one of these.
public enum FoundationModelsFailure: Sendable, Equatable, CaseIterable {
    case exceededContextWindowSize, assetsUnavailable, guardrailViolation, unsupportedGuide, unsupportedLanguageOrLocale
    case decodingFailure, rateLimited, concurrentRequests, refusal, unknown

    /// Our outcome: rate limits are retried by the guard; the context is never retried; a model that is
    /// not there (assets, language) is unavailable; guardrails and refusals are refusals; the rest failed.
    public var modelError: ModelError {
        switch self {
        case .rateLimited, .concurrentRequests: .rateLimited
        case .exceededContextWindowSize: .contextOverflow
        case .assetsUnavailable, .unsupportedLanguageOrLocale: .unavailable
        case .guardrailViolation, .refusal: .refused("the on-device model declined")
        case .unsupportedGuide, .decodingFailure, .unknown: .failed("the on-device model could not answer under the schema")
        }
    }
}
