public import AssistHTTP

/// The token in `Authorization: Bearer <token>`, the one reading of that header for users, operators and the
/// integrity verifier (whose proofs are bound to the session token).
public enum BearerToken {
    /// The token, with surrounding blanks trimmed; nil when the header is absent, `.malformed` when it is not
    /// a bearer credential. Trimmed by hand: Foundation's trimmingCharacters showed in the per-request profile.
    public static func read(_ request: HTTPRequest) throws(TokenRejection) -> String {
        guard let header = request.header(.authorization) else { throw .missing }
        let prefix = "bearer "
        guard header.count > prefix.count, header.lowercased().hasPrefix(prefix) else { throw .malformed }
        let rest = header.dropFirst(prefix.count)
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = rest.firstIndex { !blank($0) } ?? rest.endIndex
        let end = rest.lastIndex { !blank($0) }.map { rest.index(after: $0) } ?? start
        return String(rest[start..<end])
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
