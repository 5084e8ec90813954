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
        if feature.unchecked { return .model }
        guard feature.goldenSet != nil, let model,
              let result = results.withLock({ $0[.init(feature: feature.id, locale: locale, promptVersion: feature.promptVersion, model: model)] })
        else { return Self.writer(settings.unknown) }
        return result.passRate >= feature.goldenPassThreshold ? .model : Self.writer(feature.qualification ?? settings.belowThreshold)
    }

    /// The same, the model's identity asked of its upstream first (only when a result could apply: a feature
    /// without a golden set has none).
    func writer(for feature: FeatureRecord, locale: String, model alias: ModelAlias, dependencies: GatewayDependencies) async -> Writer {
        let model = feature.goldenSet == nil ? nil : await identities.identity(of: alias, apiKey: dependencies.models.apiKey(for: alias))
        return writer(for: feature, locale: locale, model: model, settings: dependencies.config.qualification)
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
