public import AssistWire
import AssistCrypto
import Foundation

extension IntegrityClientData {
    /// The client data for a request from its raw parts, hashed here as a client kit hashes them: the body and
    /// the session token (as sent after `Bearer `), each base64(SHA-256).
    public static func make(method: String, path: String, body: [UInt8], sessionToken: String, challenge: String? = nil) -> String {
        make(method: method, path: path, bodySHA256Base64: Data(Digest.sha256(body)).base64EncodedString(),
             sessionSHA256Base64: Data(Digest.sha256(Array(sessionToken.utf8))).base64EncodedString(), challenge: challenge)
    }
}
