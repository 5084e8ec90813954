import AssistHTTPServer
import AssistWire
import Foundation

/// App Attest set-up, for an authenticated user:
///
/// - `POST /v1/integrity/challenge` → 201 `{"challenge", "expiresInSeconds"}`: single use, bound to the user,
///   valid `integrity.challengeTTLSeconds`.
/// - `POST /v1/integrity/appattest/register {"keyId", "attestation", "challenge"}` (base64 key id and
///   attestation object) → 201 `{"keyId"}` once the attestation verifies; otherwise 400
///   `attestation_invalid`, the reason in the audit only (as for tokens, a caller cannot probe which check failed).
struct IntegrityEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func challenge(_ request: HTTPRequest, requestId: String) async -> HTTPResponse {
        let user: AuthenticatedUser
        do {
            user = try dependencies.authenticateSmallRequest(request)
        } catch {
            return Responses.error(error, requestId: requestId)
        }
        let ttl = dependencies.config.integrity.challengeTTLSeconds
        do {
            let challenge = try await dependencies.challenges.issue(user: user.id, ttl: TimeInterval(ttl))
            return Responses.json(201, ["challenge": .string(challenge), "expiresInSeconds": .number(Double(ttl))], requestId: requestId)
        } catch {
            return Responses.error(GatewayError(status: 503, code: .unavailable, message: "challenge store unavailable", retryAfterSeconds: 1),
                                   requestId: requestId)
        }
    }

    func register(_ request: HTTPRequest, requestId: String) async -> HTTPResponse {
        let user: AuthenticatedUser
        do {
            user = try dependencies.authenticate(request)
        } catch {
            return Responses.error(.unauthenticated(error), requestId: requestId)
        }
        // An attestation object is about 5 KB (two certificates and a receipt): the stream body cap applies.
        let cap = dependencies.config.limits.maxBodyBytes
        if request.bodyTooLarge || request.body.count > cap { return Responses.error(.payloadTooLarge(limit: cap), requestId: requestId) }
        guard let json = try? JSONParser.parse(request.body), case .object(let members) = json else {
            return Responses.error(.invalidRequest("body must be a JSON object"), requestId: requestId)
        }
        if let unknown = members.keys.filter({ !["keyId", "attestation", "challenge"].contains($0) }).sorted().first {
            return Responses.error(.invalidInput("\(unknown): unknown field"), requestId: requestId)
        }
        guard let keyId = members["keyId"]?.stringValue.flatMap({ Data(base64Encoded: $0) }), keyId.count == 32 else {
            return Responses.error(.invalidInput("keyId: must be the base64 of 32 bytes"), requestId: requestId)
        }
        guard let attestation = members["attestation"]?.stringValue.flatMap({ Data(base64Encoded: $0) }), !attestation.isEmpty else {
            return Responses.error(.invalidInput("attestation: must be base64"), requestId: requestId)
        }
        guard let challenge = members["challenge"]?.stringValue, !challenge.isEmpty, challenge.count <= 128 else {
            return Responses.error(.invalidInput("challenge: required"), requestId: requestId)
        }
        let refusal = await dependencies.integrity.registerAppAttestKey(user: user.id, keyId: Array(keyId), attestation: Array(attestation),
                                                                        challenge: challenge)
        await dependencies.recordEnd(AuditRecord(
            requestId: requestId, time: dependencies.clock.now(), user: user.id, status: refusal == nil ? .ok : .rejected,
            reason: "appattest_register" + (refusal.map { ":" + $0 } ?? "")))
        guard refusal == nil else {
            return Responses.error(GatewayError(status: 400, code: .attestationInvalid, message: "the attestation could not be verified"),
                                   requestId: requestId)
        }
        return Responses.json(201, ["keyId": .string(keyId.base64EncodedString())], requestId: requestId)
    }
}
