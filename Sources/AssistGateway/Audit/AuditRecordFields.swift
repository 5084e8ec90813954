public import AssistWire
import Foundation

/// An audit row as JSON fields, for the journals that hold rows before their store does (the audit spool's, the
/// request journal's): short keys, the time as seconds since 1970 (a `Double` that JSON carries exactly, so a
/// replayed row has the very time it was given), absent fields for nil and empty defaults. Written and read with
/// `AssistWire`'s writer and parser: Foundation's `JSONEncoder` and `JSONDecoder` cost more than the rest of a
/// journal together.
extension AuditRecord {
    public var journalFields: [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "id": .string(requestId), "time": .number(time.timeIntervalSince1970), "user": .string(user),
            "feature": .string(feature), "promptVersion": .string(promptVersion), "model": .string(model),
            "trust": .string(trust), "trustReason": .string(trustReason), "status": .string(status.rawValue),
            "reason": .string(reason), "instance": .string(instance), "input": .number(Double(inputTokens)),
            "output": .number(Double(outputTokens)), "masked": .number(Double(maskedValues)), "total": .number(totalMs),
        ]
        if !traceId.isEmpty { fields["trace"] = .string(traceId) }
        if let target { fields["target"] = .string(target) }
        if attempts != 0 { fields["attempts"] = .number(Double(attempts)) }
        if let costMicros { fields["cost"] = .number(Double(costMicros)) }
        if let timeToFirstTokenMs { fields["ttft"] = .number(timeToFirstTokenMs) }
        return fields
    }

    /// The row `journalFields` wrote; nil without an id, a time or a status.
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
