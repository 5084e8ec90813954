/// What an integrity proof signs for one request, built the same way by the app and the gateway:
///
///     METHOD \n PATH \n base64(SHA256(body)) \n base64(SHA256(session token)) [\n challenge]
///
/// The session line binds the proof to the session token sent with it in `Authorization: Bearer`, and so to
/// that session's user: a proof made for one user's request is not a proof for the same request under anyone
/// else's token. (The token, not the user id: the app holds the token it sends, not necessarily the id the
/// gateway derives from it; and the token is hashed, so the proof never carries it.) The challenge line is
/// present when the feature asks for a fresh challenge. App Attest assertions sign this string; a Play
/// Integrity standard request carries base64url(SHA256(this string)) as its request hash.
public enum IntegrityClientData {
    /// - Parameters:
    ///   - bodySHA256Base64: the standard base64 of the body's SHA-256;
    ///   - sessionSHA256Base64: the standard base64 of the SHA-256 of the session token's UTF-8 bytes, the
    ///     token exactly as it follows `Bearer ` (the caller hashes both: the wire contract has no
    ///     cryptography of its own).
    public static func make(method: String, path: String, bodySHA256Base64: String, sessionSHA256Base64: String,
                            challenge: String? = nil) -> String {
        var text = "\(method.uppercased())\n\(path)\n\(bodySHA256Base64)\n\(sessionSHA256Base64)"
        if let challenge { text += "\n\(challenge)" }
        return text
    }
}

/// The `X-Assist-Integrity` header: `appattest keyId=<base64>, assertion=<base64>[, challenge=<c>]` or
/// `playintegrity token=<token>[, challenge=<c>]`.
public struct IntegrityHeader: Sendable, Equatable {
    public static let name = "X-Assist-Integrity"

    public var scheme: String
    public var parameters: [String: String]

    public init(scheme: String, parameters: [String: String]) {
        self.scheme = scheme
        self.parameters = parameters
    }

    /// Parses a header value; nil when it is not `scheme key=value, key=value`.
    public init?(_ value: String) {
        func trim(_ text: Substring) -> Substring {
            let start = text.drop(while: \.isWhitespace)
            guard let last = start.lastIndex(where: { !$0.isWhitespace }) else { return "" }
            return start[...last]
        }
        let trimmed = trim(value[...])
        guard let space = trimmed.firstIndex(of: " ") else { return nil }
        scheme = trimmed[..<space].lowercased()
        var parameters: [String: String] = [:]
        for part in trimmed[trimmed.index(after: space)...].split(separator: ",") {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            let key = String(trim(part[..<equals])), value = String(trim(part[part.index(after: equals)...]))
            guard !key.isEmpty, !value.isEmpty, parameters[key] == nil else { return nil }
            parameters[key] = value
        }
        guard !parameters.isEmpty else { return nil }
        self.parameters = parameters
    }

    public var value: String {
        scheme + " " + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }
}
