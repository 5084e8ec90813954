public import AssistHTTP

/// The token in `Authorization: Bearer <token>`, the one reading of that header for users, operators and the
/// integrity verifier (whose proofs are bound to the session token).
public enum BearerToken {
    /// The token, with surrounding blanks trimmed; nil when the header is absent, `.malformed` when it is not
    /// a bearer credential. Read over the bytes: the header is a few hundred of them on every request, and counting
    /// its characters, lowercasing a copy and trimming by character showed in the per-request profile.
    public static func read(_ request: HTTPRequest) throws(TokenRejection) -> String {
        guard let header = request.header(.authorization) else { throw .missing }
        let bytes = header.utf8
        guard bytes.count > 7, ASCIICase.equals(bytes.prefix(7), "bearer ") else { throw .malformed }
        let rest = bytes.dropFirst(7)
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = rest.firstIndex { !isBlank($0) } ?? rest.endIndex
        let end = rest.lastIndex { !isBlank($0) }.map { bytes.index(after: $0) } ?? start
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension GatewayDependencies {
    /// The user a request's session token names.
    func authenticate(_ request: HTTPRequest) throws(GatewayError) -> AuthenticatedUser {
        do {
            return try security.tokenVerifier.verify(bearer: try BearerToken.read(request))
        } catch {
            throw .unauthenticated(error)
        }
    }

    /// The caller of a small JSON request (availability events, feedback, challenges): authenticated, and
    /// the body within `limits.maxEventBytes`.
    func authenticateSmallRequest(_ context: inout RequestContext) throws(GatewayError) -> AuthenticatedUser {
        let user = try authenticate(context.http)
        context.user = user
        let cap = config.limits.maxEventBytes
        if context.http.bodyTooLarge || context.http.body.count > cap { throw .payloadTooLarge(limit: cap) }
        return user
    }
}
