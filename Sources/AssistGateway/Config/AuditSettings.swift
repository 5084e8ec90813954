import AssistWire

/// What the gateway does when it cannot write audit rows.
public struct AuditSettings: Sendable, Equatable {
    public enum OnFailure: String, Sendable {
        /// The default: a request whose `started` row cannot be written is refused with 503
        /// `audit_unavailable`, so the gateway never serves unaudited.
        case closed
        /// An explicit opt-out: requests are served while rows are lost (counted in `/healthz`).
        case open
    }

    public var onFailure = OnFailure.closed

    public init() {}

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> AuditSettings {
        var settings = AuditSettings()
        guard value != nil, let members = reader.object(value, at: path, allowed: ["onFailure"]) else { return settings }
        if let name = reader.string(members, "onFailure", at: path, required: false) {
            if let parsed = OnFailure(rawValue: name) { settings.onFailure = parsed } else { reader.issue("\(path).onFailure", "must be closed or open") }
        }
        return settings
    }
}
