import Synchronization

/// The streams one gateway is serving, by feature, so the kill switch can end them. (The watchdog is
/// process-wide; this is per gateway, so two gateways in one process never end each other's streams.)
public final class LiveStreams: Sendable {
    private let entries = Mutex<[ObjectIdentifier: (feature: String, entry: StreamWatchdog.Entry)]>([:])

    public init() {}

    func add(_ entry: StreamWatchdog.Entry, feature: String) {
        entries.withLock { $0[ObjectIdentifier(entry)] = (feature, entry) }
    }

    func remove(_ entry: StreamWatchdog.Entry) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(entry)) }
    }

    /// Ends every open stream of `feature` with `feature_disabled`; returns how many.
    @discardableResult
    public func endAll(feature: String) -> Int {
        let matching = entries.withLock { $0.values.filter { $0.feature == feature }.map(\.entry) }
        for entry in matching { entry.stop(.featureDisabled) }
        return matching.count
    }

    public var count: Int { entries.withLock { $0.count } }
}
