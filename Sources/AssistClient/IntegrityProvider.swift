import AssistWire
import Foundation

/// Proves to the gateway that a request comes from the genuine app on this device: it returns the
/// `X-Assist-Integrity` header for one request (nil sends none, and the request is served on the
/// `unavailable` quota). Implementations sign `IntegrityClientData` for the request, which covers the session
/// token the request carries: a proof is good for this user's session only, and the gateway takes it once.
///
/// On iOS, `AppAttestIntegrityProvider` (DeviceCheck, Apple platforms only) asserts with the key the app
/// registered through `POST /v1/integrity/appattest/register`; on Android the app's Kotlin layer passes a
/// Play Integrity token as `playintegrity token=...` (its request hash is
/// base64url(SHA256(client data))). Tests use a software P-256 key.
public protocol IntegrityProvider: Sendable {
    /// - Parameter sessionToken: the token this request sends as `Authorization: Bearer`; the proof covers
    ///   base64(SHA256(it)).
    func header(method: String, path: String, body: [UInt8], sessionToken: String) async throws -> String?
}

/// Play Integrity through the app's Android layer: `requestToken` receives the request and returns the
/// token from `StandardIntegrityTokenProvider.request`, whose request hash the Android side sets to
/// base64url(SHA256(`IntegrityClientData.make(method:path:bodySHA256Base64:sessionSHA256Base64:)`)) — the
/// binding the gateway checks. (Play Integrity has no Swift API; this is the seam a Kotlin bridge plugs into.)
public struct PlayIntegrityProvider: IntegrityProvider {
    public typealias RequestToken = @Sendable (_ method: String, _ path: String, _ body: [UInt8], _ sessionToken: String) async throws -> String?
    let requestToken: RequestToken

    public init(requestToken: @escaping RequestToken) {
        self.requestToken = requestToken
    }

    public func header(method: String, path: String, body: [UInt8], sessionToken: String) async throws -> String? {
        guard let token = try await requestToken(method, path, body, sessionToken) else { return nil }
        return IntegrityHeader(scheme: "playintegrity", parameters: ["token": token]).value
    }
}

#if canImport(DeviceCheck) && canImport(CryptoKit)
import CryptoKit
import DeviceCheck

/// App Attest on a real device: `generateAssertion` over the SHA-256 of the request's client data, with
/// the key id the app attested and registered earlier (kept by the app, e.g. in the keychain).
@available(iOS 14.0, macOS 11.0, *)
public struct AppAttestIntegrityProvider: IntegrityProvider {
    public let keyId: String
    public init(keyId: String) { self.keyId = keyId }

    public func header(method: String, path: String, body: [UInt8], sessionToken: String) async throws -> String? {
        let service = DCAppAttestService.shared
        guard service.isSupported else { return nil }
        let clientData = IntegrityClientData.make(method: method, path: path, bodySHA256Base64: Data(SHA256.hash(data: body)).base64EncodedString(),
                                                  sessionSHA256Base64: Data(SHA256.hash(data: Data(sessionToken.utf8))).base64EncodedString())
        let assertion = try await service.generateAssertion(keyId, clientDataHash: Data(SHA256.hash(data: Data(clientData.utf8))))
        return IntegrityHeader(scheme: "appattest", parameters: ["keyId": keyId, "assertion": assertion.base64EncodedString()]).value
    }
}
#endif
