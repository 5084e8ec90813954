/// The allow-list of features, looked up by id. Built from the validated configuration.
public struct FeatureRegistry: Sendable {
    private let records: [String: FeatureRecord]

    public init(_ records: [String: FeatureRecord]) { self.records = records }

    public func feature(_ id: String) -> FeatureRecord? { records[id] }

    /// The features a user may call, as they would be served to them (candidate version included), by id.
    public func available(to user: String) -> [FeatureRecord] {
        records.values.sorted { $0.id < $1.id }.compactMap { feature in
            if case .allowed(let served) = Rollout.access(feature, user: user) { return served }
            return nil
        }
    }
}
