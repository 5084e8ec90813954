import AssistGateway
import Testing

@Suite("TokenEstimator")
struct TokenEstimatorTests {
    @Test func emptyTextIsZero() {
        #expect(TokenEstimator.estimate("") == 0)
    }

    @Test(arguments: [("a", 1), ("abcd", 1), ("abcde", 2), ("abcdefgh", 2), ("abcdefghi", 3), ("   ", 1)])
    func oneTokenPerFourBytesRoundedUp(text: String, expected: Int) {
        #expect(TokenEstimator.estimate(text) == expected)
    }

    @Test func multiByteTextCountsBytes() {
        #expect(TokenEstimator.estimate("ğ") == 1)          // 2 bytes
        #expect(TokenEstimator.estimate("🛫🛫") == 2)        // 8 bytes
        #expect(TokenEstimator.estimate("İİİ") == 2)         // 6 bytes
    }

    @Test func atLeastOneTokenPerWord() {
        #expect(TokenEstimator.estimate("a b c d e f g h") == 8)
        #expect(TokenEstimator.estimate("a\nb\tc\rd") == 4)
        #expect(TokenEstimator.estimate("  a   b  ") == 3)    // 9 bytes → 3, two words
    }

    @Test(arguments: [
        "Uçuşunuz İstanbul'dan saat 14:30'da kalkıyor, lütfen bir saat önce havalimanında olun.",
        "ı i ş ğ ü ö ç İ Ş Ğ Ü Ö Ç",
        "Rezervasyon numaranız ABC123. Otel: Çırağan Sarayı, 3 gece.",
    ])
    func turkishTextCountsAtLeastItsWords(text: String) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).count
        let estimate = TokenEstimator.estimate(text)
        #expect(estimate >= words)
        #expect(estimate >= (text.utf8.count + 3) / 4)
    }

    @Test func turkishSingleLetterWordsCountAsWords() {
        // 13 two-byte letters and 12 spaces: 38 bytes → 10 by bytes, but 13 words.
        #expect(TokenEstimator.estimate("ı ş ğ ü ö ç İ Ş Ğ Ü Ö Ç ı") == 13)
    }

    @Test func estimateIsMonotonicInPrefixLength() {
        let text = "Merhaba! Uçuşum TK 1 İstanbul 🛫 → Ankara\n  iptal mi oldu?  a b c d e f g h i j k"
        var previous = 0
        var prefix = ""
        for character in text {
            prefix.append(character)
            let estimate = TokenEstimator.estimate(prefix)
            #expect(estimate >= previous, "prefix \(prefix.debugDescription)")
            previous = estimate
        }
        #expect(previous == TokenEstimator.estimate(text))
    }

    @Test func appendingTextNeverLowersTheEstimate() {
        let pieces = ["", " ", "a", "ağ", "🛫", "word ", "\n\n", "çok uzun bir cümle"]
        for a in pieces {
            for b in pieces {
                #expect(TokenEstimator.estimate(a + b) >= TokenEstimator.estimate(a), "\(a.debugDescription) + \(b.debugDescription)")
            }
        }
    }
}
