import AssistTelemetry
import AssistHTTP
import AssistWire
import Foundation

/// App Attest set-up, for an authenticated user:
///
/// - `POST /v1/integrity/challenge` → 201 `{"challenge", "expiresInSeconds"}`: single use, bound to the user,
///   valid `integrity.challengeTTLSeconds`; at most `integrity.challengesPerMinute` per user, then 429
///   `rate_limited`.
/// - `POST /v1/integrity/appattest/register {"keyId", "attestation", "challenge"}` (base64 key id and
///   attestation object) → 201 `{"keyId"}` once the attestation verifies; otherwise 400
///   `attestation_invalid`, the reason in the audit only (as for tokens, a caller cannot probe which check failed).
struct IntegrityEndpoint: Sendable {
    let dependencies: GatewayDependencies

    @inline(never)  // see Gateway.route
    func challenge(_ context: inout RequestContext) async throws(GatewayError) -> HTTPResponse {
        let user = try dependencies.authenticateSmallRequest(&context)
        try dependencies.state.challengeRate.admit(user.id)
        let ttl = dependencies.config.integrity.challengeTTLSeconds
        let challenge: String
        do {
            challenge = try await dependencies.stores.challenges.issue(user: user.id, ttl: TimeInterval(ttl))
        } catch {
            throw .unavailable("challenge store")
        }
        return Responses.json(.created, ["challenge": .string(challenge), "expiresInSeconds": .number(Double(ttl))])
    }

    @inline(never)  // see Gateway.route
    func register(_ context: inout RequestContext) async throws(GatewayError) -> HTTPResponse {
        let user = try dependencies.authenticate(context.http)
        context.user = user
        let request = context.http
        // An attestation object is about 5 KB (two certificates and a receipt): the stream body cap applies.
        let cap = dependencies.config.limits.maxBodyBytes
        if request.bodyTooLarge || request.body.count > cap { throw .payloadTooLarge(limit: cap) }
        let members = try RequestBody.object(request.body, otherwise: "body must be a JSON object")
        if let unknown = members.keys.filter({ !["keyId", "attestation", "challenge"].contains($0) }).sorted().first {
            throw .invalidInput("\(unknown): unknown field")
        }
        guard let keyId = members["keyId"]?.stringValue.flatMap({ Data(base64Encoded: $0) }), keyId.count == 32 else {
            throw .invalidInput("keyId: must be the base64 of 32 bytes")
        }
        guard let attestation = members["attestation"]?.stringValue.flatMap({ Data(base64Encoded: $0) }), !attestation.isEmpty else {
            throw .invalidInput("attestation: must be base64")
        }
        guard let challenge = members["challenge"]?.stringValue, !challenge.isEmpty, challenge.count <= 128 else {
            throw .invalidInput("challenge: required")
        }
        let refusal = await dependencies.security.integrity.registerAppAttestKey(
            user: user.id, keyId: Array(keyId), attestation: Array(attestation), challenge: challenge)
        await dependencies.recordEnd(AuditRecord(
            requestId: context.id, time: dependencies.clock.now(), user: user.id, status: refusal == nil ? .ok : .rejected,
            reason: "appattest_register" + (refusal.map { ":" + $0 } ?? ""), traceId: context.trace.traceIdHex))
        context.hasAuditRow = true
        guard refusal == nil else {
            throw GatewayError(status: 400, code: .attestationInvalid, message: "the attestation could not be verified")
        }
        return Responses.json(.created, ["keyId": .string(keyId.base64EncodedString())])
    }
}
