import AssistTelemetry

/// What one span may put in a request: OpenTelemetry's attribute limits, so that a span built wrongly (a whole
/// document as an attribute, thousands of attributes) costs a bounded request and never a trap.
///
/// - A string (an attribute's value, each element of a string array, a key, a span's name, a status message)
///   longer than `maxStringBytes` is cut at the last UTF-8 character boundary at or before it
///   (`OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT`'s rule; ours defaults to 4,096 bytes where OpenTelemetry's has none).
/// - A span's attributes past `maxAttributesPerSpan` (OpenTelemetry's default, 128) are left out, and the span's
///   `dropped_attributes_count` says how many.
/// - A string array's elements past `maxArrayElements` are left out.
/// - A `tracestate` longer than `TraceContext.maxTraceStateBytes` is left out whole: a cut one would be invalid.
struct OTLPLimits: Sendable, Equatable {
    var maxStringBytes = 4096
    var maxAttributesPerSpan = 128
    var maxArrayElements = 128

    static let standard = OTLPLimits()

    /// `text`, cut to at most `maxStringBytes` bytes of UTF-8 at a character (scalar) boundary.
    func clip(_ text: String) -> String {
        Self.truncate(text, toBytes: maxStringBytes)
    }

    /// `text`, cut to at most `limit` bytes at the last scalar boundary at or before it. A Swift string is valid
    /// UTF-8, so stepping back over continuation bytes (`10xxxxxx`) finds a scalar's first byte within three steps.
    static func truncate(_ text: String, toBytes limit: Int) -> String {
        let utf8 = text.utf8
        guard utf8.count > limit else { return text }
        guard limit > 0 else { return "" }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return String(decoding: utf8[utf8.startIndex..<end], as: UTF8.self)
    }

    /// The attributes a span keeps, and how many it drops.
    func kept(_ attributes: [SpanAttribute]) -> (kept: ArraySlice<SpanAttribute>, dropped: UInt32) {
        let keep = max(0, min(attributes.count, maxAttributesPerSpan))
        return (attributes.prefix(keep), UInt32(clamping: attributes.count - keep))
    }

    /// A span's `tracestate`, or nil when it has none or it is too long to send.
    func traceState(_ state: String?) -> String? {
        guard let state, !state.isEmpty, state.utf8.count <= TraceContext.maxTraceStateBytes else { return nil }
        return state
    }
}
