import AssistCrypto
@testable import AssistGateway
import AssistWire
import Foundation
import Testing

/// `JWTVerifier` remembers the tokens it accepted (`VerifiedTokens`): a repeat is accepted for its subject without
/// its signature checked again, but never past its expiry, and the memory is bounded.
@Suite("Verified session tokens, remembered")
struct VerifiedTokensTests {
    let secret = Array("test-secret-of-reasonable-length-0123456789".utf8)
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    @Test("a token accepted once is accepted again from memory, and refused as expired once its exp and the leeway pass")
    func repeatsUntilExpiry() throws {
        let verifier = JWTVerifier(secret: secret, settings: AuthSettings(), clock: clock)
        let token = HS256TokenIssuer(secret: secret, settings: AuthSettings(), clock: clock).token(for: "user-1", lifetimeSeconds: 600)
        #expect(try verifier.verify(bearer: token) == AuthenticatedUser(id: "user-1"))
        #expect(verifier.verified.count == 1)
        clock.advance(by: 600 + 30)  // exp plus the 30-s leeway: still valid
        #expect(try verifier.verify(bearer: token) == AuthenticatedUser(id: "user-1"))
        clock.advance(by: 1)
        #expect(throws: TokenRejection.expired) { try verifier.verify(bearer: token) }
        #expect(verifier.verified.count == 0)
    }

    @Test("only the exact text accepted is remembered: a token with another signature is checked in full and refused")
    func exactTextOnly() throws {
        let verifier = JWTVerifier(secret: secret, settings: AuthSettings(), clock: clock)
        let token = HS256TokenIssuer(secret: secret, settings: AuthSettings(), clock: clock).token(for: "user-1")
        _ = try verifier.verify(bearer: token)
        let dot = try #require(token.lastIndex(of: "."))
        let first = token[token.index(after: dot)]
        var forged = token
        forged.replaceSubrange(token.index(after: dot)...token.index(after: dot), with: first == "A" ? "B" : "A")
        #expect(throws: TokenRejection.badSignature) { try verifier.verify(bearer: forged) }
        let otherKey = HS256TokenIssuer(secret: Array("another-secret-of-reasonable-length-0123".utf8), settings: AuthSettings(), clock: clock)
        #expect(throws: TokenRejection.badSignature) { try verifier.verify(bearer: otherKey.token(for: "user-1")) }
        #expect(verifier.verified.count == 1)
    }

    @Test("bounded: a full memory is emptied, and a token longer than the bound is never kept")
    func bounded() {
        let tokens = VerifiedTokens()
        for index in 0..<VerifiedTokens.capacity { tokens.remember("t\(index)", subject: "u", expiresAt: 10) }
        #expect(tokens.count == VerifiedTokens.capacity)
        tokens.remember("one more", subject: "u", expiresAt: 10)
        #expect(tokens.count == 1)
        #expect(tokens.subject(of: "one more", now: 5) == "u")
        #expect(tokens.subject(of: "t0", now: 5) == nil)
        tokens.remember(String(repeating: "x", count: VerifiedTokens.maxTokenBytes + 1), subject: "u", expiresAt: 10)
        #expect(tokens.count == 1)
    }
}
