/// Estimates token counts when the provider does not report them.
///
/// Used to size quota reservations before a call and to settle when a stream ends without a usage chunk.
/// The rule (one token per 4 UTF-8 bytes, rounded up, at least one per word) over-counts rather than
/// under-counts for the BPE tokenizers of common models, including on Turkish text.
public enum TokenEstimator {
    public static func estimate(_ text: String) -> Int {
        var counter = TokenCounter()
        counter.add(text)
        return counter.tokens
    }
}

/// The estimator's rule kept incrementally over a stream of pieces (one token per 4 UTF-8 bytes, rounded
/// up, at least one per word), a word that spans two pieces counted once.
struct TokenCounter: Sendable {
    private var bytes = 0
    private var words = 0
    private var inWord = false

    mutating func add(_ text: String) {
        var text = text
        // Over contiguous bytes, counting in locals: every prompt's every byte passes here.
        text.withUTF8 { utf8 in
            var words = 0
            var inWord = inWord
            for byte in utf8 {
                let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
                words &+= (!isSpace && !inWord) ? 1 : 0
                inWord = !isSpace
            }
            self.words += words
            self.inWord = inWord
            bytes += utf8.count
        }
    }

    var tokens: Int { max((bytes + 3) / 4, words) }
}
