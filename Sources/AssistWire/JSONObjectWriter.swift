/// Writes one JSON object member by member straight into bytes, in the order given: for hot paths where a
/// `[String: JSONValue]` costs more than the bytes it becomes (every key hashed into the dictionary, then the keys
/// sorted by `JSONWriter`). The request journal writes two lines per request with it (issue 32).
///
/// Keys are static text written as given, so they must need no escaping; values are escaped as `JSONWriter` does, and
/// numbers written as it writes them (an integral `Double` as an integer, any other in its shortest exact form).
public struct JSONObjectWriter {
    private var bytes: [UInt8] = []
    private var members = 0

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    public mutating func string(_ key: StaticString, _ value: String) {
        self.key(key)
        JSONWriter.writeString(value, into: &bytes)
    }

    public mutating func number(_ key: StaticString, _ value: Double) {
        self.key(key)
        JSONWriter.writeNumber(value, into: &bytes)
    }

    public mutating func integer(_ key: StaticString, _ value: Int) {
        self.key(key)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(UInt64(value.magnitude))
    }

    public mutating func integer(_ key: StaticString, _ value: UInt64) {
        self.key(key)
        digits(value)
    }

    /// The decimal digits of `value`, written in place (no `String` made for them).
    private mutating func digits(_ value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var (rest, start) = (value, 20)
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    public mutating func bool(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A member whose value is any `JSONValue`, written as `JSONWriter` writes it (keys sorted).
    public mutating func value(_ key: StaticString, _ value: JSONValue) {
        self.key(key)
        JSONWriter.write(value, into: &bytes)
    }

    /// A member whose value is JSON already written: `objects` as an array.
    public mutating func array(_ key: StaticString, of objects: [[UInt8]]) {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        for (index, object) in objects.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: object)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The object, closed.
    public consuming func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    private mutating func key(_ key: StaticString) {
        if members > 0 { bytes.append(UInt8(ascii: ",")) }
        members += 1
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }
}
