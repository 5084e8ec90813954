public import AssistWire

/// A request's JSON body as the core reads it, the same way for every endpoint: parsed, then every string in it
/// (object keys too) held to what a store can keep and a person could have typed.
///
/// Text from a client ends in stores and in golden sets: a feedback reason, a feature's input, an app endpoint's
/// messages, an event report. The stores disagree on bytes they cannot hold: PostgreSQL refuses a NUL in text
/// (so the request would fail as 503), SQLite cuts the text at it (so what was kept is not what was sent). So
/// control characters (Unicode's `Cc`: U+0000–U+001F, U+007F–U+009F) are refused at the edge of the core, before
/// any endpoint reads the body, with 400 `invalid_input` naming the field, in both storage modes alike. Tab, line
/// feed and carriage return are text and pass. Encoding (valid UTF-8, no lone surrogate) is the parser's to
/// refuse, and each field's length its reader's.
public enum RequestBody {
    /// The body as JSON. 400 `invalid_request` when it is not JSON; 400 `invalid_input` naming the first field
    /// (in key order) that holds a control character.
    public static func json(_ bytes: [UInt8]) throws(GatewayError) -> JSONValue {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw .invalidRequest("body is not valid JSON: \(error)")
        }
        if let refusal = controlCharacter(in: json, at: nil) { throw .invalidInput(refusal) }
        return json
    }

    /// The body as a JSON object; 400 `invalid_request` with `message` when it is JSON of another kind.
    public static func object(_ bytes: [UInt8], otherwise message: String) throws(GatewayError) -> [String: JSONValue] {
        guard case .object(let members) = try json(bytes) else { throw .invalidRequest(message) }
        return members
    }

    /// Whether `scalar` is refused in text: a control character other than tab, line feed and carriage return.
    public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// The message naming the first refused character in `value` and where it is (`reason`, `input.history[2].text`;
    /// a key that holds one is named by the object it is in), or nil when there is none.
    static func controlCharacter(in value: JSONValue, at path: String?) -> String? {
        switch value {
        case .string(let text):
            return refused(text).map { "\(path ?? "body"): control character \($0) is not allowed (tab, line feed and carriage return are)" }
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = controlCharacter(in: item, at: "\(path ?? "body")[\(index)]") { return found }
            }
            return nil
        case .object(let members):
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let code = refused(key) { return "\(path ?? "body"): a field name holds control character \(code), which is not allowed" }
                if let found = controlCharacter(in: member, at: path.map { "\($0).\(key)" } ?? key) { return found }
            }
            return nil
        case .null, .bool, .number:
            return nil
        }
    }

    /// The first refused character of `text` as `U+0000`, or nil.
    private static func refused(_ text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: isRefused) else { return nil }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
