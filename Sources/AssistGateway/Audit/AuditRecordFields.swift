public import AssistWire
import Foundation

/// An audit row as JSON fields, for the journals that hold rows before their store does (the audit spool's, the
/// request journal's): short keys, the time as seconds since 1970 (a `Double` that JSON carries exactly, so a
/// replayed row has the very time it was given), absent fields for nil and empty defaults. Written and read with
/// `AssistWire`'s writer and parser: Foundation's `JSONEncoder` and `JSONDecoder` cost more than the rest of a
/// journal together.
extension AuditRecord {
    /// Writes the row's fields into a journal entry's object (`JSONObjectWriter`: no dictionary on the request's path).
    public func writeJournalFields(into object: inout JSONObjectWriter) {
        object.string("id", requestId)
        object.number("time", time.timeIntervalSince1970)
        object.string("user", user)
        object.string("feature", feature)
        object.string("promptVersion", promptVersion)
        object.string("model", model)
        object.string("trust", trust)
        object.string("trustReason", trustReason)
        object.string("status", status.rawValue)
        object.string("reason", reason)
        object.string("instance", instance)
        object.integer("input", inputTokens)
        object.integer("output", outputTokens)
        object.integer("masked", maskedValues)
        object.number("total", totalMs)
        if !traceId.isEmpty { object.string("trace", traceId) }
        if let target { object.string("target", target) }
        if attempts != 0 { object.integer("attempts", attempts) }
        if let costMicros { object.integer("cost", costMicros) }
        if let timeToFirstTokenMs { object.number("ttft", timeToFirstTokenMs) }
    }

    /// The row `writeJournalFields` wrote; nil without an id, a time or a status.
    public init?(journalFields fields: [String: JSONValue]) {
        func text(_ key: String) -> String { fields[key]?.stringValue ?? "" }
        func integer(_ key: String) -> Int { fields[key]?.intValue ?? 0 }
        guard let id = fields["id"]?.stringValue, let time = fields["time"]?.numberValue,
              let status = fields["status"]?.stringValue else { return nil }
        self.init(requestId: id, time: Date(timeIntervalSince1970: time), user: text("user"), feature: text("feature"),
                  promptVersion: text("promptVersion"), model: text("model"), trust: text("trust"), status: AuditStatus(rawValue: status),
                  reason: text("reason"), inputTokens: integer("input"), outputTokens: integer("output"),
                  timeToFirstTokenMs: fields["ttft"]?.numberValue, totalMs: fields["total"]?.numberValue ?? 0,
                  trustReason: text("trustReason"), maskedValues: integer("masked"))
        instance = text("instance")
        traceId = text("trace")
        (target, attempts, costMicros) = (fields["target"]?.stringValue, integer("attempts"), fields["cost"]?.intValue)
    }
}
