import AssistGateway

/// The names of every key Assist keeps in Redis, in one place.
///
/// Each key starts with `assist:` (a shared server stays readable) and carries a hash tag, the part in
/// braces: Redis Cluster places a key by its tag alone, so keys with one tag live in one slot and a script
/// may touch them together. A user's quota windows and the lease set of their streams share `{u:USER}` (one
/// script takes a slot and reserves quota, `RedisAdmissionStore`); any other lease's key, a challenge and a used
/// proof are tagged by themselves. Names from outside (user ids, feature ids, lease keys) are escaped first,
/// so that none can close a tag early or imitate another key's separators: `%`, `{`, `}` and `:` become
/// `%25`, `%7B`, `%7D` and `%3A`.
enum RedisKeys {
    static func quota(user: String, feature: String, day: Int) -> String {
        "assist:quota:{u:\(escape(user))}:\(escape(feature)):\(day)"
    }

    static func challenge(_ challenge: String, user: String) -> String {
        "assist:challenge:{c:\(escape(challenge))}:\(escape(user))"
    }

    /// A used integrity proof, by the base64url of its SHA-256.
    static func proof(_ digest: String) -> String {
        "assist:proof:{p:\(escape(digest))}"
    }

    static func lease(_ key: String) -> String {
        // By bytes: a user id that begins with a combining mark must not make the prefix a different character.
        if key.utf8.starts(with: StreamSlots.keyPrefix.utf8) {
            return "assist:lease:{u:\(escape(String(decoding: key.utf8.dropFirst(StreamSlots.keyPrefix.utf8.count), as: UTF8.self)))}:streams"
        }
        return "assist:lease:{l:\(escape(key))}"
    }

    static func escape(_ name: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(name.utf8.count)
        for character in name.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "{": escaped += "%7B"
            case "}": escaped += "%7D"
            case ":": escaped += "%3A"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
