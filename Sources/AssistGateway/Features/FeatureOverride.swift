import Synchronization

/// An operator's runtime change to a feature, made through the admin API: it sits on top of the
/// configuration file, survives reloads and restarts (the store keeps it), and lasts until changed back.
public struct FeatureOverride: Sendable, Equatable {
    /// The kill switch, when set.
    public var enabled: Bool?
    /// The share of users who may use the feature, when set (the rollout flag stays the configured one).
    public var rolloutPercentage: Double?

    public init(enabled: Bool? = nil, rolloutPercentage: Double? = nil) {
        self.enabled = enabled
        self.rolloutPercentage = rolloutPercentage
    }

    public var isEmpty: Bool { enabled == nil && rolloutPercentage == nil }

    /// The record as served with this override on top.
    public func applied(to record: FeatureRecord) -> FeatureRecord {
        var record = record
        if let enabled { record.enabled = enabled }
        if let rolloutPercentage {
            record.rollout = FeatureRecord.Rollout(flag: record.rollout?.flag ?? record.id, percentage: rolloutPercentage)
        }
        return record
    }

    /// Drops the parts that say what the configuration already says, so "changed back" leaves no trace.
    public func minimized(against record: FeatureRecord) -> FeatureOverride {
        var result = self
        if enabled == record.enabled { result.enabled = nil }
        if let rolloutPercentage, rolloutPercentage == (record.rollout?.percentage ?? 100) { result.rolloutPercentage = nil }
        return result
    }
}

/// Where overrides are kept between restarts (and, with shared storage, where every replica reads them).
///
/// `load` and `save` are synchronous (start-up reads the overrides before anything is served); `overrides()`
/// and `store(_:for:)` are the same for callers that can suspend, so an admin call or a re-read after another
/// replica's change never blocks a thread on a remote store. By default they call the synchronous ones.
public protocol FeatureOverrideStore: Sendable {
    func load() throws -> [String: FeatureOverride]
    /// Stores `override` for `feature`, or removes it when nil.
    func save(_ override: FeatureOverride?, for feature: String) throws
    func overrides() async throws -> [String: FeatureOverride]
    func store(_ override: FeatureOverride?, for feature: String) async throws
}

extension FeatureOverrideStore {
    public func overrides() async throws -> [String: FeatureOverride] { try load() }
    public func store(_ override: FeatureOverride?, for feature: String) async throws { try save(override, for: feature) }
}

public final class InMemoryFeatureOverrideStore: FeatureOverrideStore {
    private let rows = Mutex<[String: FeatureOverride]>([:])
    public init() {}
    public func load() throws -> [String: FeatureOverride] { rows.withLock { $0 } }
    public func save(_ override: FeatureOverride?, for feature: String) throws { rows.withLock { $0[feature] = override } }
}
