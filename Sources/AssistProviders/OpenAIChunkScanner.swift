import AssistWire

/// The fast path for a stream chunk: the members the gateway reads (`choices`, `usage`, `error`) are parsed
/// strictly, each on its own bytes; the others (id, object, created, model, system_fingerprint, …) are only
/// stepped over, never built. Runs once per relayed token.
///
/// Anything this path does not expect (not an object, an escaped key, a member it reads twice, a value it
/// cannot step over) gives nil, and the caller parses the whole chunk strictly instead, which then decides.
/// So a well-formed chunk reads the same either way; the only leniency is in members the gateway ignores.
enum OpenAIChunkScanner {
    static let read: [[UInt8]] = ["choices", "usage", "error"].map { Array($0.utf8) }
    static let maxDepth = 64

    /// The chunk as an object of the members the gateway reads; nil: let the strict parser decide.
    static func members(_ bytes: [UInt8]) -> JSONValue? {
        var index = skipSpace(bytes, 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index = skipSpace(bytes, index + 1)
        var members: [String: JSONValue] = [:]
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return trailing(bytes, index + 1) ? .object(members) : nil }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyStart = index + 1
            var keyEnd = keyStart
            while keyEnd < bytes.count, bytes[keyEnd] != UInt8(ascii: "\"") {
                guard bytes[keyEnd] != UInt8(ascii: "\\"), bytes[keyEnd] >= 0x20 else { return nil }  // escaped keys: the strict way
                keyEnd += 1
            }
            guard keyEnd < bytes.count else { return nil }
            index = skipSpace(bytes, keyEnd + 1)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            let valueStart = skipSpace(bytes, index + 1)
            guard let valueEnd = skipValue(bytes, valueStart) else { return nil }
            let key = bytes[keyStart..<keyEnd]
            if let wanted = read.first(where: { $0.elementsEqual(key) }) {
                let name = String(decoding: wanted, as: UTF8.self)
                guard members[name] == nil, let value = try? JSONParser.parse(bytes[valueStart..<valueEnd]) else { return nil }
                members[name] = value
            }
            index = skipSpace(bytes, valueEnd)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index = skipSpace(bytes, index + 1); continue }
            guard bytes[index] == UInt8(ascii: "}"), trailing(bytes, index + 1) else { return nil }
            return .object(members)
        }
    }

    /// Only whitespace after `index`.
    private static func trailing(_ bytes: [UInt8], _ index: Int) -> Bool { skipSpace(bytes, index) == bytes.count }

    private static func skipSpace(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        return index
    }

    /// Where the value at `start` ends: a string to its closing quote, an object or array to its matching
    /// bracket (strings inside stepped over), anything else to the next delimiter. Nil when it does not end,
    /// nests too deep, or is empty.
    private static func skipValue(_ bytes: [UInt8], _ start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        var index = start, depth = 0
        repeat {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    guard bytes[index] >= 0x20 else { return nil }
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= maxDepth else { return nil }
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return nil }
                depth -= 1
                index += 1
            default:
                if depth > 0 { index += 1; continue }
                let scalarStart = index
                while index < bytes.count, !",}] \n\r\t".utf8.contains(bytes[index]) { index += 1 }
                guard index > scalarStart else { return nil }
            }
        } while depth > 0
        return index
    }
}
