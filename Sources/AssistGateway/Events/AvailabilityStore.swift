public import AssistWire
import Synchronization

/// Counts of on-device availability reports by (feature, platform, state): how many devices can run a
/// feature locally, and what the server must carry for the rest.
public struct AvailabilityCount: Sendable, Hashable {
    public var feature: String
    public var platform: String
    public var state: ModelAvailability
    public init(feature: String, platform: String, state: ModelAvailability) {
        self.feature = feature
        self.platform = platform
        self.state = state
    }
}

public protocol AvailabilityStore: Sendable {
    func record(_ event: AvailabilityEvent) async throws
    func counts() async throws -> [AvailabilityCount: Int]
}

public final class InMemoryAvailabilityStore: AvailabilityStore {
    private let table = Mutex<[AvailabilityCount: Int]>([:])
    public init() {}
    public func record(_ event: AvailabilityEvent) async throws {
        table.withLock { $0[AvailabilityCount(feature: event.feature, platform: event.platform, state: event.state), default: 0] += 1 }
    }
    public func counts() async throws -> [AvailabilityCount: Int] { table.withLock { $0 } }
}
