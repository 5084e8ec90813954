import CHiredis

/// One reply of Redis's protocol (RESP2), decoded into Swift values that own their bytes.
///
/// A top-level error reply is thrown by `RedisClient.command` as `RedisError.server`; inside an array (a
/// transaction's results) it stays a value, `.error`.
public enum RedisReply: Sendable, Equatable {
    case integer(Int64)
    /// A bulk string: binary-safe bytes.
    case bulk([UInt8])
    /// A nil bulk or nil array: the key or value is absent.
    case null
    /// A status line such as `OK` or `PONG`.
    case status(String)
    case error(String)
    case array([RedisReply])

    /// The integer of `.integer`, or of a bulk or status that spells one (Lua numbers come back as integers).
    public var int: Int? {
        switch self {
        case .integer(let value): Int(exactly: value)
        case .bulk(let bytes): Int(String(decoding: bytes, as: UTF8.self))
        case .status(let text): Int(text)
        default: nil
        }
    }

    /// The text of a bulk string or status, decoded as UTF-8.
    public var string: String? {
        switch self {
        case .bulk(let bytes): String(decoding: bytes, as: UTF8.self)
        case .status(let text): text
        default: nil
        }
    }

    /// The elements of an array.
    public var elements: [RedisReply]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    public var isNull: Bool { self == .null }

    /// Copies hiredis's reply tree into Swift values; the caller still frees `reply`.
    init(decoding reply: UnsafePointer<redisReply>) {
        let value = reply.pointee
        switch value.type {
        case REDIS_REPLY_INTEGER:
            self = .integer(value.integer)
        case REDIS_REPLY_STRING:
            self = .bulk(Self.bytes(value.str, value.len))
        case REDIS_REPLY_STATUS:
            self = .status(String(decoding: Self.bytes(value.str, value.len), as: UTF8.self))
        case REDIS_REPLY_ERROR:
            self = .error(String(decoding: Self.bytes(value.str, value.len), as: UTF8.self))
        case REDIS_REPLY_ARRAY:
            var elements: [RedisReply] = []
            elements.reserveCapacity(value.elements)
            for index in 0..<value.elements {
                if let element = value.element[index] { elements.append(RedisReply(decoding: element)) } else { elements.append(.null) }
            }
            self = .array(elements)
        default:  // REDIS_REPLY_NIL
            self = .null
        }
    }

    private static func bytes(_ pointer: UnsafeMutablePointer<CChar>?, _ count: Int) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
    }
}
