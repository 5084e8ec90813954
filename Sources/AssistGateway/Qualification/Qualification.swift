import AssistWire
import Synchronization

/// Who writes the answers of each (feature, locale): the model, the narrator, or nobody. From the recorded
/// pass rates of the raw model (`QualificationResults`) for the model actually behind the alias now
/// (`ModelIdentities`), against the record's `goldenPassThreshold`.
///
/// A store-policy duty too: `/v1/features` says per locale which it is, so an app labels AI text as AI and
/// narrator text as "from your booking".
public final class Qualification: Sendable {
    public enum Writer: String, Sendable {
        case model, narrator
        /// Not served (403 `feature_disabled`): the app shows its non-AI path.
        case hidden
    }

    private let results: Mutex<QualificationResults>
    public let identities: ModelIdentities

    public init(results: QualificationResults, identities: ModelIdentities) {
        self.results = Mutex(results)
        self.identities = identities
    }

    public var current: QualificationResults { results.withLock { $0 } }

    /// Serves `new` results from now on (`POST /admin/reload`), and asks the upstreams again who they are.
    public func replace(_ new: QualificationResults) {
        results.withLock { $0 = new }
        identities.forget()
    }

    /// The writer for `feature` (as served: its prompt version) in `locale`, on `model` (an identity, nil when
    /// unknown). An unchecked feature is the model's; one without a golden set, or with no result for the four, is
    /// served as `unknown` says.
    public func writer(for feature: FeatureRecord, locale: String, model: String?, settings: QualificationSettings) -> Writer {
        decision(for: feature, locale: locale, model: model, settings: settings, explained: false).writer
    }

    /// Who writes, and why, in words for an operator (`/healthz`, the console).
    public struct Decision: Sendable, Equatable {
        public var writer: Writer
        public var reason: String
    }

    /// The writer of `writer(for:locale:model:settings:)` with the reason for it. A structured feature has no
    /// narrator (its answer is held by its own walls: schema, grounding, computed facts), so where the policy
    /// says narrator, its model answers, and `/v1/features` says so. Not `explained`, the reason is left empty:
    /// every request asks for the writer, and only operators read the reason (formatting it was a share of the
    /// request path's CPU).
    public func decision(for feature: FeatureRecord, locale: String, model: String?, settings: QualificationSettings,
                         explained: Bool = true) -> Decision {
        var decision = streamDecision(for: feature, locale: locale, model: model, settings: settings, explained: explained)
        if feature.kind == .structured, decision.writer == .narrator {
            decision = Decision(writer: .model, reason: explained ? decision.reason + " (a structured feature has no narrator: its walls hold the model's answer)" : "")
        }
        return decision
    }

    /// The decision for an alias with several targets, one identity each (`models`, in the targets' order): the
    /// model writes only when every target that may answer is qualified, since a fallback chooses among them after
    /// the decision is made. Otherwise the first target's decision that is not the model's stands, naming it.
    public func decision(for feature: FeatureRecord, locale: String, models: [String?], settings: QualificationSettings,
                         explained: Bool = true) -> Decision {
        let decisions = models.map { decision(for: feature, locale: locale, model: $0, settings: settings, explained: explained) }
        guard decisions.count > 1 else {
            return decisions.first ?? decision(for: feature, locale: locale, model: nil, settings: settings, explained: explained)
        }
        guard let weakest = decisions.firstIndex(where: { $0.writer != .model }) else { return decisions[0] }
        return Decision(writer: decisions[weakest].writer,
                        reason: explained ? "target \(weakest + 1) of \(decisions.count): " + decisions[weakest].reason : "")
    }

    private func streamDecision(for feature: FeatureRecord, locale: String, model: String?, settings: QualificationSettings,
                                explained: Bool) -> Decision {
        func decided(_ writer: Writer, _ reason: @autoclosure () -> String) -> Decision { Decision(writer: writer, reason: explained ? reason() : "") }
        if feature.unchecked { return decided(.model, "unchecked: the model's text is served as written") }
        let unknown = { (why: String) in decided(Self.writer(settings.unknown), "\(why): qualification.unknown is \(settings.unknown.rawValue)") }
        guard feature.goldenSet != nil else { return unknown("no golden set") }
        guard let model else { return unknown(explained ? "the model behind \(feature.model) is not identified" : "") }
        guard let result = results.withLock({ $0[.init(feature: feature.id, locale: locale, promptVersion: feature.promptVersion, model: model)] })
        else { return unknown(explained ? "no result recorded for \(model) at prompt version \(feature.promptVersion)" : "") }
        let rates = { "\(Self.percent(result.passRate)) of \(result.cases) golden cases passed on \(model), threshold \(Self.percent(feature.goldenPassThreshold))" }
        guard result.passRate < feature.goldenPassThreshold else { return decided(.model, rates()) }
        let policy = feature.qualification ?? settings.belowThreshold
        return decided(Self.writer(policy), rates() + ": under it, \(policy.rawValue)")
    }

    /// Every (feature, locale) of the features that name their locales, with its decision; `model` says who is behind
    /// a feature's alias (asked of its upstream, or only as far as known). For `/admin/features` and `/healthz`.
    func decisions(_ config: GatewayConfig, model: (FeatureRecord, ModelTarget) async -> String?) async -> [LocaleDecision] {
        var rows: [LocaleDecision] = []
        for feature in config.features.values.sorted(by: { $0.id < $1.id }) {
            guard let locales = feature.locales, let alias = config.models[feature.model] else { continue }
            var identities: [String?] = []
            for target in alias.targets { identities.append(await model(feature, target)) }
            for locale in locales {
                rows.append(LocaleDecision(feature: feature, locale: locale,
                                           decision: decision(for: feature, locale: locale, models: identities, settings: config.qualification)))
            }
        }
        return rows
    }

    /// One locale of one feature, who writes it, and why.
    struct LocaleDecision: Sendable {
        let feature: FeatureRecord
        let locale: String
        let decision: Decision

        var json: JSONValue {
            ["feature": .string(feature.id), "locale": .string(locale), "writer": .string(decision.writer.rawValue), "reason": .string(decision.reason)]
        }
    }

    private static func percent(_ share: Double) -> String { "\((share * 1000).rounded() / 10)%" }

    /// The same for every target of `alias` (`decision(for:locale:models:settings:)`), each model's identity asked of
    /// its upstream first (only when a result could apply: a feature without a golden set has none).
    func writer(for feature: FeatureRecord, locale: String, model alias: ModelAlias, dependencies: GatewayDependencies) async -> Writer {
        var models: [String?] = []
        for target in alias.targets {
            models.append(feature.goldenSet == nil ? nil : await identities.identity(of: target, apiKey: dependencies.models.apiKey(for: target)))
        }
        return decision(for: feature, locale: locale, models: models, settings: dependencies.config.qualification, explained: false).writer
    }

    private static func writer(_ policy: QualificationPolicy) -> Writer {
        switch policy {
        case .serve: .model
        case .narrator: .narrator
        case .hide: .hidden
        }
    }
}

/// Where a gateway's qualification comes from: the results it starts with, how `POST /admin/reload` reads
/// them again (nil: they cannot change), and how the models behind the aliases are asked who they are (nil:
/// the configured names stand).
public struct QualificationSource: Sendable {
    public var results: QualificationResults
    public var read: (@Sendable () throws -> QualificationResults)?
    public var catalog: (any ModelCatalog)?

    public init(results: QualificationResults = QualificationResults(), read: (@Sendable () throws -> QualificationResults)? = nil,
                catalog: (any ModelCatalog)? = nil) {
        self.results = results
        self.read = read
        self.catalog = catalog
    }
}
