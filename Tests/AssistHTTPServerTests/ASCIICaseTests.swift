import AssistHTTP
import Testing

/// HTTP names folded and compared without `lowercased()`, always agreeing with it.
@Suite("ASCII case of HTTP names")
struct ASCIICaseTests {
    @Test("lowercased agrees with String.lowercased, ASCII or not, and gives the same string back when nothing changes")
    func lowercasedAgrees() {
        for text in ["", "content-length", "Content-Length", "X-REQUEST-ID", "Authorization", "a-very-long-header-name-over-fifteen",
                     "İstanbul", "ÇAY-Header", "MiXeD_123!#$%&'*+.^`|~", "@[`{"] {
            #expect(ASCIICase.lowercased(text) == text.lowercased(), "\(text)")
        }
    }

    @Test("equals matches a lowercase name in any ASCII case, and nothing else")
    func equalsAnyCase() {
        #expect(ASCIICase.equals("Content-Length", "content-length"))
        #expect(ASCIICase.equals("CONNECTION", "connection"))
        #expect(ASCIICase.equals(Array("Transfer-Encoding".utf8), "transfer-encoding"))
        #expect(!ASCIICase.equals("Content-Lengths", "content-length"))
        #expect(!ASCIICase.equals("Connectio", "connection"))
        #expect(!ASCIICase.equals("connection ", "connection"))
        // Only A–Z fold: "@" (0x40) and "[" (0x5B) are not "`" and "{".
        #expect(!ASCIICase.equals("@", "`"))
        #expect(!ASCIICase.equals("[", "{"))
    }
}
