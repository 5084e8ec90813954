import AssistHTTP

/// A chunked body (RFC 9112 §7.1) decoded as it arrives, in any pieces: each chunk's data handed on where it lies
/// in the bytes received, the sizes, extensions and trailer fields read and dropped.
///
/// Chunk sizes are hex digits (at most 15, so a size never overflows), optionally followed by `;` extensions;
/// every chunk's data is followed by a line end; size lines and trailer lines are bounded. Anything else fails.
/// Imports nothing, as `ResponseReader`.
struct ChunkedDecoder {
    private enum State {
        /// Reading a size line: the bytes gathered so far.
        case size
        case data(remaining: Int)
        /// After a chunk's data: its CR (optional, as a bare LF ends a line) and LF.
        case dataEnd(sawCR: Bool)
        /// After the last chunk: trailer lines until an empty one.
        case trailers
        case done
    }

    static let maxLineBytes = 4096
    static let maxTrailerBytes = 64 * 1024

    private var state = State.size
    private var line: [UInt8] = []
    private var trailerBytes = 0

    var isComplete: Bool { if case .done = state { true } else { false } }

    /// Reads `bytes` from `start`, handing chunk data to `data`; returns where it stopped: the end of `bytes`, or
    /// just after the body's last line.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                       data: (UnsafeBufferPointer<UInt8>) -> Void) throws(ResponseReader.Failure) -> Int {
        var position = start
        while position < bytes.count {
            switch state {
            case .size:
                guard let lineEnd = try gatherLine(bytes, from: &position) else { continue }
                let size = try Self.chunkSize(lineEnd)
                line.removeAll(keepingCapacity: true)
                state = size == 0 ? .trailers : .data(remaining: size)
            case .data(let remaining):
                let count = min(remaining, bytes.count - position)
                data(UnsafeBufferPointer(rebasing: bytes[position..<(position + count)]))
                position += count
                state = remaining == count ? .dataEnd(sawCR: false) : .data(remaining: remaining - count)
            case .dataEnd(let sawCR):
                let byte = bytes[position]
                position += 1
                if byte == 0x0A {
                    state = .size
                } else if byte == 0x0D, !sawCR {
                    state = .dataEnd(sawCR: true)
                } else {
                    throw .malformed("a chunk's data not followed by a line end")
                }
            case .trailers:
                guard let content = try gatherLine(bytes, from: &position) else { continue }
                trailerBytes += content.count + 2
                guard trailerBytes <= Self.maxTrailerBytes else { throw .malformed("trailer fields over 64 KiB") }
                if content.isEmpty {
                    state = .done
                    return position
                }
                guard let colon = content.firstIndex(of: UInt8(ascii: ":")), colon > 0,
                      content[..<colon].allSatisfy(HTTPFieldName.isTokenByte) else { throw .malformed("a trailer line that is not a field") }
                line.removeAll(keepingCapacity: true)
            case .done:
                return position
            }
        }
        return position
    }

    /// Adds bytes to the line being read until its LF; returns the line's content (without CR LF) once whole, and
    /// leaves it in `line` (the caller empties it).
    private mutating func gatherLine(_ bytes: UnsafeBufferPointer<UInt8>, from position: inout Int) throws(ResponseReader.Failure) -> [UInt8]? {
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == 0x0A {
                if line.last == 0x0D { line.removeLast() }
                let content = line
                if content.isEmpty { line.removeAll(keepingCapacity: true) }
                return content
            }
            line.append(byte)
            guard line.count <= Self.maxLineBytes else { throw .malformed("a chunk size or trailer line over 4 KiB") }
        }
        return nil
    }

    /// `1*HEXDIG [ BWS ";" extensions ]`: the size; at most 15 digits.
    private static func chunkSize(_ line: [UInt8]) throws(ResponseReader.Failure) -> Int {
        var size = 0
        var digits = 0
        for byte in line {
            let value: Int
            switch byte {
            case 0x30...0x39: value = Int(byte - 0x30)
            case 0x41...0x46: value = Int(byte - 0x41 + 10)
            case 0x61...0x66: value = Int(byte - 0x61 + 10)
            default:
                guard digits > 0, byte == UInt8(ascii: ";") || byte == 0x20 || byte == 0x09 else { throw .malformed("a chunk size that is not hex") }
                return size
            }
            digits += 1
            guard digits <= 15 else { throw .malformed("a chunk size of more than 15 hex digits") }
            size = size << 4 | value
        }
        guard digits > 0 else { throw .malformed("an empty chunk size line") }
        return size
    }
}
