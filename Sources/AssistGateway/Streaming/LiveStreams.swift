import Synchronization

/// The streams one gateway is serving, by feature, so the kill switch can end them. (It is per gateway, so two
/// gateways in one process never end each other's streams.)
///
/// A stream registers only once its response has started, a moment after it found the feature enabled. So
/// that a kill in between is not missed, each kill bumps the feature's epoch; a stream admitted under an
/// older epoch is stopped as it registers.
public final class LiveStreams: Sendable {
    private struct State {
        var entries: [ObjectIdentifier: (feature: String, entry: StreamWatch)] = [:]
        var epochs: [String: Int] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// The feature's kill epoch now; read at admission, before the enabled check.
    public func epoch(of feature: String) -> Int { state.withLock { $0.epochs[feature, default: 0] } }

    func add(_ entry: StreamWatch, feature: String, admittedAt epoch: Int) {
        let killedSince = state.withLock { state in
            state.entries[ObjectIdentifier(entry)] = (feature, entry)
            return state.epochs[feature, default: 0] != epoch
        }
        if killedSince { entry.stop(.featureDisabled) }
    }

    func remove(_ entry: StreamWatch) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(entry)) }
    }

    /// Ends every open stream of `feature` with `feature_disabled`, and any admitted but not yet registered;
    /// returns how many were open.
    @discardableResult
    public func endAll(feature: String) -> Int {
        let matching = state.withLock { state in
            state.epochs[feature, default: 0] += 1
            return state.entries.values.filter { $0.feature == feature }.map(\.entry)
        }
        for entry in matching { entry.stop(.featureDisabled) }
        return matching.count
    }

    public var count: Int { state.withLock { $0.entries.count } }
}
