import AssistGateway
import AssistWire

/// The fast path for a stream chunk: reads what the gateway needs straight from its bytes (the first
/// choice's `delta.content` and `finish_reason`, and `usage`'s token counts), building no dictionary, and
/// only steps over everything else (id, object, created, model, system_fingerprint, logprobs, other
/// choices, …). Runs once per relayed token.
///
/// Anything it does not expect (not an object, an escaped key, a member it reads twice, a value of another
/// type than it reads, an `error` member, a value it cannot step over) gives nil, and the caller parses the
/// whole chunk strictly instead, which then decides. The values it reads are parsed strictly, so a
/// well-formed chunk reads the same either way; the only leniency is in members the gateway ignores.
enum OpenAIChunkScanner {
    static let maxDepth = 64

    /// The keys it reads, and the comparison (no generic collection walk on the hot path). Static strings, not
    /// arrays: a global array is reached through a once-check on every use, several times per relayed token.
    enum Keys {
        static var choices: StaticString { "choices" }
        static var usage: StaticString { "usage" }
        static var error: StaticString { "error" }
        static var delta: StaticString { "delta" }
        static var content: StaticString { "content" }
        static var finishReason: StaticString { "finish_reason" }
        static var promptTokens: StaticString { "prompt_tokens" }
        static var completionTokens: StaticString { "completion_tokens" }

        static func `is`(_ key: UnsafeBufferPointer<UInt8>.SubSequence, _ name: StaticString) -> Bool {
            name.isSpelled(by: key)
        }
    }

    /// Hands the chunk's provider chunks to `sink` (text, finish, usage, in that order) and returns true, or
    /// hands nothing and returns false: let the strict parser decide. Nothing is handed before the whole chunk
    /// has been read.
    static func chunks(_ bytes: UnsafeBufferPointer<UInt8>, into sink: (ProviderChunk) -> Void) -> Bool {
        var scanner = Scanner(bytes: bytes)
        var text: String?, finish: String?, usage: TokenUsage?
        var sawChoices = false, sawUsage = false
        let read = scanner.object { key, scanner in
            if Keys.is(key, Keys.choices) {
                guard !sawChoices else { return false }
                sawChoices = true
                return scanner.firstChoice(text: &text, finish: &finish)
            }
            if Keys.is(key, Keys.usage) {
                guard !sawUsage else { return false }
                sawUsage = true
                return scanner.usage(&usage)
            }
            // An error mid-stream is the strict path's to report.
            if Keys.is(key, Keys.error) { return false }
            return scanner.skipValue()
        }
        guard read, scanner.atEnd else { return false }
        if let text, !text.isEmpty { sink(.text(text)) }
        if let finish { sink(.finish(reason: finish)) }
        if let usage { sink(.usage(usage)) }
        return true
    }

    /// A position in a chunk's bytes and the steps over them; every step says whether it could be taken.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return index == bytes.count
            }
        }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        /// Takes `byte` (after whitespace) if it comes next.
        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// An object, each member's value read by `member` (given the raw key, which has no escapes).
        mutating func object(_ member: (UnsafeBufferPointer<UInt8>.SubSequence, inout Scanner) -> Bool) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            while true {
                guard take(UInt8(ascii: "\"")) else { return false }
                let keyStart = index
                index = ByteSearch.firstStringSpecial(in: bytes, from: index)
                // Escaped keys (and control bytes): the strict way.
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
                let key = bytes[keyStart..<index]
                index += 1
                guard take(UInt8(ascii: ":")), member(key, &self) else { return false }
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "}"))
            }
        }

        /// `choices`: an array whose first element, an object, has the delta's text and the finish reason;
        /// further choices are stepped over.
        mutating func firstChoice(text: inout String?, finish: inout String?) -> Bool {
            guard take(UInt8(ascii: "[")) else { return false }
            if take(UInt8(ascii: "]")) { return true }
            var sawDelta = false, sawFinish = false
            let first = object { key, scanner in
                if Keys.is(key, Keys.delta) {
                    guard !sawDelta else { return false }
                    sawDelta = true
                    var sawContent = false
                    return scanner.object { key, scanner in
                        guard Keys.is(key, Keys.content) else { return scanner.skipValue() }
                        guard !sawContent else { return false }
                        sawContent = true
                        return scanner.stringOrNull(&text)
                    }
                }
                if Keys.is(key, Keys.finishReason) {
                    guard !sawFinish else { return false }
                    sawFinish = true
                    return scanner.stringOrNull(&finish)
                }
                return scanner.skipValue()
            }
            guard first else { return false }
            while take(UInt8(ascii: ",")) { guard skipValue() else { return false } }
            return take(UInt8(ascii: "]"))
        }

        /// `usage`: null, or an object whose `prompt_tokens` and `completion_tokens` are whole numbers.
        mutating func usage(_ usage: inout TokenUsage?) -> Bool {
            if takeNull() { return true }
            var input: Int?, output: Int?
            let read = object { key, scanner in
                if Keys.is(key, Keys.promptTokens) { return input == nil && scanner.integer(&input) }
                if Keys.is(key, Keys.completionTokens) { return output == nil && scanner.integer(&output) }
                return scanner.skipValue()
            }
            if let input, let output { usage = TokenUsage(inputTokens: input, outputTokens: output) }
            return read
        }

        mutating func takeNull() -> Bool {
            skipSpace()
            guard bytes.count - index >= 4, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
                  bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") else { return false }
            index += 4
            return true
        }

        /// A string, parsed strictly (printable ASCII without escapes is taken as it is), or null.
        mutating func stringOrNull(_ value: inout String?) -> Bool {
            if takeNull() { return true }
            skipSpace()
            let start = index
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), skipValue() else { return false }
            let inner = bytes[(start + 1)..<(index - 1)]
            if inner.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) {
                value = String(decoding: inner, as: UTF8.self)
                return true
            }
            guard case .string(let parsed)? = try? JSONParser.parse(bytes[start..<index]) else { return false }
            value = parsed
            return true
        }

        /// A number with no fractional part that fits an `Int`, parsed strictly.
        mutating func integer(_ value: inout Int?) -> Bool {
            skipSpace()
            let start = index
            guard skipValue() else { return false }
            // Plain digits (at most 15, so exact as the parser's Double is), as every provider writes its counts,
            // are read here; any other spelling ("-0", "1e3", "2.0") goes to the full parser, which holds the rule.
            let digits = bytes[start..<index]
            if !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ (0x30...0x39).contains($0) }), digits.count == 1 || digits.first != 0x30 {
                value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                return true
            }
            guard let number = try? JSONParser.parse(digits), let whole = number.intValue else { return false }
            value = whole
            return true
        }

        /// Steps over the value here: a string to its closing quote, an object or array to its matching
        /// bracket (strings inside stepped over), anything else to the next delimiter. False when it does not
        /// end, nests too deep, or is empty.
        mutating func skipValue() -> Bool {
            skipSpace()
            guard index < bytes.count else { return false }
            var depth = 0
            repeat {
                guard index < bytes.count else { return false }
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    while true {  // to the closing quote, over escapes (the byte after a backslash is taken as it is)
                        index = ByteSearch.firstStringSpecial(in: bytes, from: index)
                        guard index < bytes.count, bytes[index] >= 0x20 else { return false }
                        if bytes[index] == UInt8(ascii: "\"") { break }
                        index += 2
                    }
                    index += 1
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    guard depth <= OpenAIChunkScanner.maxDepth else { return false }
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0 else { return false }
                    depth -= 1
                    index += 1
                default:
                    if depth > 0 { index += 1; continue }
                    let scalarStart = index
                    while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
                    guard index > scalarStart else { return false }
                }
            } while depth > 0
            return true
        }

        private static func isDelimiter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: true
            default: false
            }
        }
    }
}
