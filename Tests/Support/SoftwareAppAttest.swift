public import AssistClient
public import AssistCrypto
import AssistWire
import Foundation
import Synchronization

/// A test `IntegrityProvider` that asserts like App Attest with a software P-256 key: authenticator data
/// (SHA256(app id), flags, a counter that rises with each assertion), signed over
/// SHA256(authenticatorData ‖ SHA256(clientData)), the client data covering the request and its session token.
/// A gateway that has this key registered trusts it, as it would a device's; `lastHeader` is the previous
/// assertion, to send again.
public final class SoftwareAppAttest: IntegrityProvider {
    public let key: PrivateKey
    public let appId: String
    private let state = Mutex<(counter: UInt32, last: String?)>((0, nil))

    public init(appId: String) throws {
        key = try PrivateKey.generateP256()
        self.appId = appId
    }

    /// SHA-256 of the public key point, as App Attest names keys.
    public var keyId: [UInt8] { Digest.sha256(key.publicKey.p256Point ?? []) }
    public var publicKeyPoint: [UInt8] { key.publicKey.p256Point ?? [] }

    public func header(method: String, path: String, body: [UInt8], sessionToken: String) async throws -> String? {
        header(method: method, path: path, body: body, sessionToken: sessionToken, challenge: nil)
    }

    public func header(method: String, path: String, body: [UInt8], sessionToken: String, challenge: String?) -> String {
        let counter = state.withLock { state -> UInt32 in
            state.counter += 1
            return state.counter
        }
        let clientData = IntegrityClientData.make(method: method, path: path, body: body, sessionToken: sessionToken, challenge: challenge)
        let authenticatorData = Digest.sha256(Array(appId.utf8)) + [0x40] + withUnsafeBytes(of: counter.bigEndian) { Array($0) }
        let nonce = Digest.sha256(authenticatorData + Digest.sha256(Array(clientData.utf8)))
        let signature = key.sign(nonce, format: .ecdsaSHA256DER) ?? []
        let assertion = CBOR.map([(.text("signature"), .bytes(signature)), (.text("authenticatorData"), .bytes(authenticatorData))]).encoded
        var parameters = ["keyId": Data(keyId).base64EncodedString(), "assertion": Data(assertion).base64EncodedString()]
        if let challenge { parameters["challenge"] = challenge }
        let value = IntegrityHeader(scheme: "appattest", parameters: parameters).value
        state.withLock { $0.last = value }
        return value
    }

    /// The last header sent, to replay it.
    public var lastHeader: String? { state.withLock { $0.last } }
}
