import Synchronization

/// Lists the models an upstream serves (`GET {baseURL}/models`, as OpenAI-compatible servers do).
public protocol ModelCatalog: Sendable {
    func modelIds(baseURL: String, apiKey: String?) async throws -> [String]
}

/// Which model is behind each alias, as qualification results are keyed: the id the provider reports, so
/// that results recorded for one model (the embedded SmolLM2) never govern another that `--upstream` points
/// the same alias to.
///
/// The id is the alias's configured model name when the upstream lists it (a hosted API lists many), else the
/// upstream's only model (llama-server lists the one it runs); an upstream that lists several, none of them
/// the configured one, has no identity here (`nil`: no result applies). One question per alias at a time:
/// requests arriving meanwhile wait for its answer, so they all decide alike. An upstream that cannot answer
/// (it may still be loading its model) has the configured name stand in, and is asked again at most every
/// `retryInterval`; an answer is kept until `forget()` (a reload).
public final class ModelIdentities: Sendable {
    private enum Entry {
        case asking(Task<String??, Never>)
        case answered(String?)
        case unanswered(at: ContinuousClock.Instant)
    }

    private let catalog: (any ModelCatalog)?
    private let clock: MonotonicClock
    private let retryInterval: Duration
    private let entries = Mutex<[String: Entry]>([:])

    public init(catalog: (any ModelCatalog)?, clock: MonotonicClock, retryInterval: Duration = .seconds(30)) {
        self.catalog = catalog
        self.clock = clock
        self.retryInterval = retryInterval
    }

    /// The identity of `alias`'s first target's model (`identity(of:apiKey:)` of a target).
    public func identity(of alias: ModelAlias, apiKey: String?) async -> String? { await identity(of: alias.primary, apiKey: apiKey) }

    /// Whether `target`'s upstream lists its models at `{baseURL}/models` the OpenAI way; the others' configured
    /// names stand.
    static func hasCatalog(_ target: ModelTarget) -> Bool {
        target.provider == ModelTarget.openAICompatibleKind || target.provider == ModelTarget.embeddedKind
    }

    /// The identity of `target`'s model; nil when the upstream serves several and not the configured one.
    public func identity(of target: ModelTarget, apiKey: String?) async -> String? {
        guard let catalog, Self.hasCatalog(target) else { return target.model }
        let key = target.baseURL + "\u{1F}" + target.model
        let now = clock.now
        let (known, asking) = entries.withLock { entries -> (String??, Task<String??, Never>?) in
            switch entries[key] {
            case .answered(let id): return (.some(id), nil)
            case .asking(let task): return (nil, task)
            case .unanswered(let at) where now - at < retryInterval: return (nil, nil)
            case .unanswered, nil:
                let task = Task<String??, Never> {
                    guard let ids = try? await catalog.modelIds(baseURL: target.baseURL, apiKey: apiKey), !ids.isEmpty else { return .none }
                    return .some(ids.contains(target.model) ? target.model : ids.count == 1 ? ids[0] : nil)
                }
                entries[key] = .asking(task)
                return (nil, task)
            }
        }
        if let known { return known }
        guard let asking else { return target.model }
        let answer = await asking.value
        entries.withLock { entries in
            guard case .asking = entries[key] else { return }  // forgotten meanwhile, or already settled
            entries[key] = answer.map { .answered($0) } ?? .unanswered(at: now)
        }
        switch answer {
        case .some(let id): return id
        case .none: return target.model
        }
    }

    /// The identity known now for `target`, without asking its upstream (for `/healthz`, answered from memory): the
    /// configured name when there is no catalog or the upstream has not answered; nil when it serves several others.
    public func known(of target: ModelTarget) -> String? {
        guard catalog != nil, Self.hasCatalog(target) else { return target.model }
        return entries.withLock { entries in
            if case .answered(let id) = entries[target.baseURL + "\u{1F}" + target.model] { return id }
            return target.model
        }
    }

    /// Forgets every answer: the next request asks again (after a reload, which may point elsewhere).
    public func forget() { entries.withLock { $0 = [:] } }
}
