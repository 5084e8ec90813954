public import AssistClient
public import AssistCrypto
public import AssistWire
public import Foundation

/// A test `IntegrityProvider` that hands out Play Integrity tokens as Google would to this app: a verdict whose
/// request hash is base64url(SHA256(the request's client data)), signed (ES256) and encrypted (A256KW, A256GCM)
/// with keys a gateway is given through `environment`. A gateway with those keys trusts its tokens, as it would
/// a device's.
public final class SoftwarePlayIntegrity: IntegrityProvider {
    public let packageName: String
    public let decryptionKey: [UInt8]
    public let signingKey: PrivateKey

    public init(packageName: String = "com.example.assist") throws {
        self.packageName = packageName
        decryptionKey = Digest.randomBytes(32)
        signingKey = try PrivateKey.generateP256()
    }

    /// The integrity section that checks this app's tokens.
    public var settings: JSONValue { ["playIntegrity": ["packageName": .string(packageName)]] }

    /// The gateway's environment holding these keys (the variables `integrity.playIntegrity` names by default).
    public var environment: [String: String] {
        let spki = signingKey.publicKey.pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return ["ASSIST_PLAY_INTEGRITY_DECRYPTION_KEY": Data(decryptionKey).base64EncodedString(), "ASSIST_PLAY_INTEGRITY_VERIFICATION_KEY": spki]
    }

    /// The token for one request: its verdict says `device` (e.g. `MEETS_DEVICE_INTEGRITY`) and was issued at `issued`.
    public func token(method: String = "POST", path: String = "/v1/assist/stream", body: [UInt8], sessionToken: String, challenge: String? = nil,
                      device: [String] = ["MEETS_DEVICE_INTEGRITY"], issued: Date = Date()) throws -> String {
        let clientData = IntegrityClientData.make(method: method, path: path, body: body, sessionToken: sessionToken, challenge: challenge)
        let verdict: JSONValue = [
            "requestDetails": ["requestPackageName": .string(packageName), "requestHash": .string(Base64URL.encode(Digest.sha256(Array(clientData.utf8)))),
                               "timestampMillis": .string(String(Int(issued.timeIntervalSince1970 * 1000)))],
            "appIntegrity": ["appRecognitionVerdict": "PLAY_RECOGNIZED", "packageName": .string(packageName)],
            "deviceIntegrity": ["deviceRecognitionVerdict": .array(device.map { .string($0) })],
        ]
        return try PlayIntegrityTokens.token(verdict, signing: signingKey, decryption: decryptionKey)
    }

    /// The `X-Assist-Integrity` header carrying `token`, with the challenge it covers.
    public static func header(token: String, challenge: String? = nil) -> String {
        var parameters = ["token": token]
        if let challenge { parameters["challenge"] = challenge }
        return IntegrityHeader(scheme: "playintegrity", parameters: parameters).value
    }

    public func header(method: String, path: String, body: [UInt8], sessionToken: String) async throws -> String? {
        Self.header(token: try token(method: method, path: path, body: body, sessionToken: sessionToken))
    }
}
