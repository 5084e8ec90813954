/// User ids, and the ids and keys that hold them, compare as their UTF-8 bytes, everywhere in the gateway.
///
/// Swift's `==` on `String` (and its hashing) is Unicode canonical equivalence: `"rene\u{301}" == "ren\u{E9}"`.
/// Every store compares bytes (SQLite's `BINARY`, PostgreSQL's deterministic collation, Redis keys), and so does
/// a token's `sub`. Two ids that differ only in normalization are two users to a store and one to a Swift
/// dictionary: one user could leave feedback on the other's request, consume the other's integrity challenge,
/// or share the other's quota or stream slots in memory. So where the gateway compares such ids itself, it
/// compares bytes: `sameBytes(as:)`, or a `Bytewise` key.
extension String {
    /// Whether `self` and `other` are the same UTF-8 bytes (not merely canonically equivalent).
    public func sameBytes(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}

/// A string as a dictionary or set key that is equal and hashed by its UTF-8 bytes (see `String.sameBytes`).
public struct Bytewise: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public var description: String { text }

    public static func == (lhs: Bytewise, rhs: Bytewise) -> Bool { lhs.text.sameBytes(as: rhs.text) }

    public func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(text.utf8.count)
    }
}
