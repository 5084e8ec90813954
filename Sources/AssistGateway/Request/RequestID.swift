import AssistCrypto

/// Request ids: 16 random bytes in base64url, returned as `X-Request-Id` and written in the audit row, so a
/// user's report can be matched to the row without the row holding any content.
public enum RequestID {
    public static func make() -> String { "req_" + Base64URL.encode(Digest.randomBytes(12)) }
}
