// libFuzzer target: the gateway's reading of a request body (RequestBody, AssistGateway), which every endpoint's
// JSON goes through. Any bytes: the verdict agrees with the parser and with a walk of its own over every string
// and key (refused exactly when one holds a control character other than tab, LF and CR, the message then naming
// a field), and a JSON round trip of the value does not change the verdict.
import AssistGateway
import AssistWire

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let verdict = Result { () throws(GatewayError) in try RequestBody.json(bytes) }
    guard let parsed = try? JSONParser.parse(bytes) else {
        guard case .failure(let error) = verdict, error.code == .invalidRequest else { fatalError("not JSON, yet \(verdict)") }
        return 0
    }
    switch verdict {
    case .success(let value):
        guard value == parsed else { fatalError("the body changed on the way: \(parsed) → \(value)") }
        guard !holdsRefused(parsed) else { fatalError("a control character passed: \(parsed)") }
    case .failure(let error):
        guard error.code == .invalidInput, holdsRefused(parsed) else { fatalError("refused wrongly: \(error) for \(parsed)") }
        guard error.message.contains(": "), error.message.contains("control character U+") else { fatalError("message: \(error.message)") }
    }
    guard let again = try? JSONParser.parse(JSONWriter.bytes(parsed)) else { fatalError("value does not survive JSONWriter") }
    let second = Result { () throws(GatewayError) in try RequestBody.json(JSONWriter.bytes(again)) }
    switch (verdict, second) {
    case (.success, .success): break
    case (.failure(let a), .failure(let b)) where a == b: break
    default: fatalError("verdict changed after a JSON round trip: \(verdict) vs \(second)")
    }
    return 0
}

/// Whether any string or key in `value` holds a C0 or C1 control character, DEL, other than tab, LF and CR.
func holdsRefused(_ value: JSONValue) -> Bool {
    func refused(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && ![0x09, 0x0A, 0x0D].contains($0.value)) || (0x7F...0x9F).contains($0.value) }
    }
    switch value {
    case .string(let text): return refused(text)
    case .array(let items): return items.contains(where: holdsRefused)
    case .object(let members): return members.contains { refused($0.key) || holdsRefused($0.value) }
    case .null, .bool, .number: return false
    }
}
