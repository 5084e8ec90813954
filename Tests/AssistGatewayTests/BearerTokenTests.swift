import AssistGateway
import AssistHTTP
import Testing

/// `Authorization: Bearer <token>` read over its bytes: the scheme in any case, blanks around the token trimmed.
@Suite("The bearer token of a request")
struct BearerTokenTests {
    static func read(_ header: String?) -> Result<String, TokenRejection> {
        let request = HTTPRequest(method: .post, path: "/v1/assist/stream", headers: header.map { [(.authorization, $0)] } ?? [])
        do { return .success(try BearerToken.read(request)) } catch { return .failure(error) }
    }

    @Test("the token after the scheme, in any case, with the spaces and tabs around it trimmed")
    func readsTheToken() {
        #expect(Self.read("Bearer abc.def.ghi") == .success("abc.def.ghi"))
        #expect(Self.read("bearer \t abc.def \t ") == .success("abc.def"))
        #expect(Self.read("BEARER x") == .success("x"))
        #expect(Self.read("Bearer a b") == .success("a b"))
        #expect(Self.read("Bearer  ") == .success(""))  // blanks only: empty, refused by the verifier
        #expect(Self.read("Bearer çay") == .success("çay"))
    }

    @Test("no header is missing; another scheme, or the scheme alone, is malformed")
    func refusesOtherCredentials() {
        #expect(Self.read(nil) == .failure(.missing))
        for header in ["Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "Bearerabc", "", "Token abc", "Bearer\tabc"] {
            #expect(Self.read(header) == .failure(.malformed), "\(header)")
        }
    }
}
