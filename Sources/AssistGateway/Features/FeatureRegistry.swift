/// The allow-list of features, looked up by id. Built from the validated configuration.
public struct FeatureRegistry: Sendable {
    private let records: [String: FeatureRecord]

    public init(_ records: [String: FeatureRecord]) { self.records = records }

    public func feature(_ id: String) -> FeatureRecord? { records[id] }

    /// The features a user may call, sorted by id. Rollout percentages gate this in a later issue; today
    /// every configured feature is available to every authenticated user.
    public func available(to user: String) -> [FeatureRecord] {
        records.values.sorted { $0.id < $1.id }
    }
}
