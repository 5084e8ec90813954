import Synchronization

/// The allow-list of features, looked up by id: the validated configuration's records with the operators'
/// overrides on top. Shared by every request; the admin API changes it in place, so a change applies to the
/// next request without a restart.
public final class FeatureRegistry: Sendable {
    private struct State {
        var records: [String: FeatureRecord]
        var overrides: [String: FeatureOverride]
    }

    private let state: Mutex<State>

    public init(_ records: [String: FeatureRecord], overrides: [String: FeatureOverride] = [:]) {
        state = Mutex(State(records: records, overrides: overrides))
    }

    /// The record as served now (override applied), or nil when the id is not configured.
    public func feature(_ id: String) -> FeatureRecord? {
        state.withLock { state in state.records[id].map { state.overrides[id]?.applied(to: $0) ?? $0 } }
    }

    /// The features a user may call, as they would be served to them (candidate version included), by id.
    public func available(to user: String) -> [FeatureRecord] {
        snapshot().compactMap { entry in
            if case .allowed(let served) = Rollout.access(entry.effective, user: user) { return served }
            return nil
        }
    }

    /// One feature as configured, its override, and as served.
    public struct Entry: Sendable {
        public var configured: FeatureRecord
        public var override: FeatureOverride?
        public var effective: FeatureRecord { override?.applied(to: configured) ?? configured }
    }

    /// Every feature, by id.
    public func snapshot() -> [Entry] {
        state.withLock { state in
            state.records.values.sorted { $0.id < $1.id }.map { Entry(configured: $0, override: state.overrides[$0.id]) }
        }
    }

    public func entry(_ id: String) -> Entry? {
        state.withLock { state in state.records[id].map { Entry(configured: $0, override: state.overrides[id]) } }
    }

    /// Sets (or with nil or an empty override, clears) the override of a feature.
    public func setOverride(_ override: FeatureOverride?, for id: String) {
        state.withLock { $0.overrides[id] = override?.isEmpty == false ? override : nil }
    }

    /// Replaces every override with `overrides` (re-read from the store: another replica changed one).
    public func replaceOverrides(_ overrides: [String: FeatureOverride]) {
        state.withLock { $0.overrides = overrides.filter { !$0.value.isEmpty } }
    }

    /// Replaces the configured records (a reload); overrides stay.
    public func replaceRecords(_ records: [String: FeatureRecord]) {
        state.withLock { $0.records = records }
    }

    /// Whether `promptVersion` is one `feature` is configured to serve (current or candidate); bounds metric labels.
    public func serves(feature: String, promptVersion: String) -> Bool {
        state.withLock { state in
            guard let record = state.records[feature] else { return false }
            return record.promptVersion == promptVersion || record.candidate?.promptVersion == promptVersion
        }
    }

    public func isConfigured(_ id: String) -> Bool { state.withLock { $0.records[id] != nil } }
}
