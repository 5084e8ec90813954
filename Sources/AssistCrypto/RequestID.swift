import AssistTelemetry

/// Request ids: 12 random bytes in base64url (16 characters), returned as `X-Request-Id` and written in the audit
/// row, so a user's report can be matched to the row without the row holding any content. The one maker of them:
/// the HTTP server's own refusals (400, 408, 413, 503…) and the gateway's answers alike. The bytes come from the
/// kernel's CSPRNG through `PooledRandom`, fetched in bulk rather than by a call per id.
public enum RequestID {
    public static func make() -> String { "req_" + Base64URL.encode(PooledRandom.bytes(12)) }
}
