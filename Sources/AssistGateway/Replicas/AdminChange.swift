import AssistWire
import Synchronization

/// An admin change made on one replica that every other replica must apply too, within a second: the same
/// kill switch, rollout and configuration everywhere, whichever replica an operator's call reached.
///
/// Overrides (kill switch, rollout) are stored before they are announced, so a replica told of one re-reads
/// the store rather than trusting the message; ending a feature's streams and reloading the configuration
/// file are actions, which the message carries.
public enum AdminChange: Sendable, Equatable {
    /// The stored override of `feature` changed: re-read the overrides.
    case overrides(feature: String)
    /// End the open streams of `feature` (`endStreams`), after re-reading the overrides that turned it off.
    case endStreams(feature: String)
    /// Re-read the configuration file's features (`POST /admin/reload`).
    case reload
}

/// An `AdminChange` with the instance that made it, so that replica does not apply its own change twice.
public struct AdminMessage: Sendable, Equatable {
    public var origin: String
    public var change: AdminChange

    public init(origin: String, change: AdminChange) {
        self.origin = origin
        self.change = change
    }

    /// A compact JSON text (well under PostgreSQL's 8,000-byte NOTIFY payload limit for any feature id the
    /// configuration accepts).
    public var payload: String {
        var object: [String: JSONValue] = ["origin": .string(origin)]
        switch change {
        case .overrides(let feature): (object["change"], object["feature"]) = ("overrides", .string(feature))
        case .endStreams(let feature): (object["change"], object["feature"]) = ("endStreams", .string(feature))
        case .reload: object["change"] = "reload"
        }
        return JSONWriter.string(.object(object))
    }

    /// Reads `payload`; nil for anything else (a message from a newer version, say), which is then ignored.
    public init?(payload: String) {
        guard let json = try? JSONParser.parse(payload), let origin = json["origin"]?.stringValue else { return nil }
        switch (json["change"]?.stringValue, json["feature"]?.stringValue) {
        case ("overrides", let feature?): change = .overrides(feature: feature)
        case ("endStreams", let feature?): change = .endStreams(feature: feature)
        case ("reload", _): change = .reload
        default: return nil
        }
        self.origin = origin
    }
}

/// Tells every replica of an admin change (`ReplicaSync` applies it there). Delivery is at most once:
/// a replica that was not listening re-reads the overrides when it listens again.
public protocol AdminBroadcast: Sendable {
    func publish(_ message: AdminMessage) async throws
}

/// Admin changes among gateways in one process (one gateway alone, or in-process tests of several): each
/// message is applied, in order, by every `ReplicaSync` listening, the sender's included (which skips it).
public final class InMemoryAdminBroadcast: AdminBroadcast {
    private let listeners = Mutex<[ReplicaSync]>([])

    public init() {}

    public func listen(_ sync: ReplicaSync) { listeners.withLock { $0.append(sync) } }

    public func publish(_ message: AdminMessage) async throws {
        for listener in listeners.withLock({ $0 }) { await listener.apply(message) }
    }
}
