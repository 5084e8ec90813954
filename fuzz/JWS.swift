// libFuzzer target: compact JWS (AssistGateway's CompactJWS) and the session-token checks behind it.
// Any text must parse or be refused. A parsed JWS must be canonical — each part is exactly the base64url of
// its decoded bytes (strict base64url: no padding, no stray bits) and the signing input is the text up to
// the second dot. Then the same header and claims, MACed with a known secret, go through JWTVerifier, so
// the claim checks (exp, nbf, iat, lifetime, iss, aud, sub) see fuzzed values; an accepted token's user
// must satisfy what the verifier promises.
import AssistCrypto
import AssistGateway
import AssistWire
import Foundation

private let secret = Array("fuzz-secret-0123456789abcdef0123".utf8)
private let verifier = JWTVerifier(secret: secret, settings: AuthSettings(), clock: FixedClock())

private struct FixedClock: WallClock {
    func now() -> Date { Date(timeIntervalSince1970: 1_800_000_000) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // What the gateway does with an Authorization header: the verifier parses and checks it.
    _ = try? verifier.verify(bearer: text)
    guard let jws = CompactJWS(text, maxBytes: 8192) else { return 0 }

    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { fatalError("accepted a JWS of \(parts.count) parts") }
    guard jws.header.objectValue != nil, jws.payload.objectValue != nil else { fatalError("header or payload not an object") }
    for (part, bytes) in [(parts[0], Base64URL.decode(parts[0])), (parts[1], Base64URL.decode(parts[1])), (parts[2], jws.signature)] {
        guard let bytes, Base64URL.encode(bytes) == String(part) else { fatalError("non-canonical base64url accepted: \(part)") }
    }
    let expectedInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
    guard jws.signingInput == expectedInput else { fatalError("signing input is not the text up to the second dot") }

    // Re-sign the fuzzed header and claims with the known secret: the claim checks run on fuzzed values.
    let signed = String(decoding: jws.signingInput, as: UTF8.self) + "."
        + Base64URL.encode(Digest.hmacSHA256(key: secret, message: jws.signingInput))
    if let user = try? verifier.verify(bearer: signed) {
        guard jws.header["alg"]?.stringValue == "HS256" else { fatalError("accepted alg \(String(describing: jws.header["alg"]))") }
        guard !user.id.isEmpty, user.id.utf8.count <= 256, jws.payload["sub"]?.stringValue == user.id else { fatalError("bad subject \(user.id)") }
        guard let exp = jws.payload["exp"]?.numberValue, exp + 30 >= 1_800_000_000, exp <= 1_800_000_000 + 86_400 + 30 else {
            fatalError("accepted exp \(String(describing: jws.payload["exp"]))")
        }
    }
    return 0
}
