/// Checks a chunked request body (RFC 9112 §7.1) in the bytes received so far (`scan`), and decodes one found
/// complete (`decode`). Chunk sizes are hex digits only, extensions after `;` are printable text, every
/// chunk's data is followed by CRLF, and trailer fields are well-formed field lines; anything else is refused.
enum ChunkedBody {
    enum Outcome: Equatable {
        case incomplete
        /// The body ends `end` bytes into the buffer.
        case complete(end: Int)
        case tooLarge
        case malformed
    }

    /// Scans `bytes` from `start` (the first byte after the head); `maxDecoded` bounds the data carried.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, maxDecoded: Int) -> Outcome {
        var position = start
        var decoded = 0
        while true {
            let line: (contentEnd: Int, next: Int)
            switch nextLine(bytes, from: position) {
            case .unfinished: return partialSizeLineOK(bytes, from: position) ? .incomplete : .malformed
            case .bareLF: return .malformed
            case .line(let contentEnd, let next): line = (contentEnd, next)
            }
            guard let size = chunkSize(UnsafeBufferPointer(rebasing: bytes[position..<line.contentEnd])) else { return .malformed }
            position = line.next
            if size == 0 { break }
            decoded += size
            if decoded > maxDecoded { return .tooLarge }
            guard bytes.count >= position + size + 2 else { return .incomplete }
            guard bytes[position + size] == HTTPBytes.cr, bytes[position + size + 1] == HTTPBytes.lf else { return .malformed }
            position += size + 2
        }
        // Trailer fields, then the empty line.
        while true {
            switch nextLine(bytes, from: position) {
            case .unfinished:
                let rest = position < bytes.count ? bytes[position...] : bytes[0..<0]
                return rest.dropLast(rest.last == HTTPBytes.cr ? 1 : 0).allSatisfy(HTTPBytes.isFieldLine) ? .incomplete : .malformed
            case .bareLF:
                return .malformed
            case .line(let contentEnd, let next):
                let content = UnsafeBufferPointer(rebasing: bytes[position..<contentEnd])
                position = next
                if content.isEmpty { return .complete(end: position) }
                var fields = FieldLines()
                if fields.add(content) != nil { return .malformed }
            }
        }
    }

    /// The data of a chunked body that `scan` found complete from `start` to `end`: its chunks joined, the
    /// sizes, extensions and trailer fields dropped.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> [UInt8] {
        var data: [UInt8] = []
        var position = start
        while position < end, case .line(let contentEnd, let next) = nextLine(bytes, from: position),
              let size = chunkSize(UnsafeBufferPointer(rebasing: bytes[position..<contentEnd])), size > 0 {
            data.append(contentsOf: bytes[next..<(next + size)])
            position = next + size + 2
        }
        return data
    }

    private enum Line {
        case unfinished
        case bareLF
        case line(contentEnd: Int, next: Int)
    }

    /// The next line from `start`: unfinished (no LF yet), ending in a bare LF, or ending in CRLF.
    private static func nextLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Line {
        guard start < bytes.count, let lf = bytes[start...].firstIndex(of: HTTPBytes.lf) else { return .unfinished }
        guard lf > start, bytes[lf - 1] == HTTPBytes.cr else { return .bareLF }
        return .line(contentEnd: lf - 1, next: lf + 1)
    }

    /// `1*HEXDIG [ ";" extensions ]`, at most 15 digits (sizes beyond are refused as too large to be real).
    private static func chunkSize(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        let digits = line.prefix { HTTPBytes.isHexDigit($0) }
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        let rest = line[digits.count...]
        if let first = rest.first {
            guard first == UInt8(ascii: ";"), rest.allSatisfy({ HTTPBytes.isFieldValue($0) && $0 < 0x80 }) else { return nil }
        }
        return Int(String(decoding: digits, as: UTF8.self), radix: 16)
    }

    /// An unfinished size line is fine while it could still become one.
    private static func partialSizeLineOK(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard start < bytes.count else { return true }
        let rest = bytes[start...]
        guard rest.count <= 1024 else { return false }
        let digits = rest.prefix { HTTPBytes.isHexDigit($0) }
        // More digits than `chunkSize` takes can never become a size line, whatever follows them.
        guard digits.count <= 15 else { return false }
        let after = rest.dropFirst(digits.count)
        guard let first = after.first else { return true }
        if first == HTTPBytes.cr { return after.count == 1 && !digits.isEmpty }
        return !digits.isEmpty && first == UInt8(ascii: ";") && after.allSatisfy { (HTTPBytes.isFieldValue($0) && $0 < 0x80) || $0 == HTTPBytes.cr }
    }
}
