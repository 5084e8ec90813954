import AssistCrypto
public import AssistWire

/// A JWS in compact serialization (`header.payload.signature`, RFC 7515): header and payload decoded as JSON
/// objects, the signature, and the exact bytes that were signed. Session tokens and the JWS inside a Play
/// Integrity token are both read through it; which algorithm and key apply is for the caller to decide.
public struct CompactJWS: Sendable {
    public let header: JSONValue
    public let payload: JSONValue
    public let signature: [UInt8]
    /// ASCII(base64url(header) "." base64url(payload)).
    public let signingInput: [UInt8]

    /// Nil when `text` is longer than `maxBytes`, has other than three parts, or a part is not base64url or
    /// (header, payload) not a JSON object.
    public init?(_ text: String, maxBytes: Int) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, text.utf8.count <= maxBytes,
              let headerBytes = Base64URL.decode(parts[0]), let payloadBytes = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]),
              let header = try? JSONParser.parse(headerBytes), let payload = try? JSONParser.parse(payloadBytes),
              header.objectValue != nil, payload.objectValue != nil
        else { return nil }
        self.header = header
        self.payload = payload
        self.signature = signature
        signingInput = Array(text.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
    }
}
