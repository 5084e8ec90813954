// libFuzzer target: the gateway's input schema compiler and validator (InputSchema). Input: the schema's
// JSON, a NUL byte, then the value's JSON (JSON text never contains a raw NUL, so every pair is reachable).
// Compiling any schema and validating any value must not crash; a refusal names a path under "input"; and
// the verdict must not change when the value goes through JSONWriter and back (same verdict, same error).
import AssistGateway
import AssistWire

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let separator = bytes.firstIndex(of: 0) ?? size
    guard let schemaJSON = try? JSONParser.parse(bytes[..<separator]) else { return 0 }
    let schema: InputSchema
    do { schema = try InputSchema(schemaJSON) } catch { return 0 }
    guard separator < size, let value = try? JSONParser.parse(bytes[(separator + 1)...]) else { return 0 }

    let verdict = Result { () throws(InputSchema.Error) in try schema.validate(value) }
    if case .failure(let error) = verdict, !(error.path ?? "").hasPrefix("input") { fatalError("error path \(String(describing: error.path))") }
    guard let again = try? JSONParser.parse(JSONWriter.bytes(value)) else { fatalError("value does not survive JSONWriter") }
    let second = Result { () throws(InputSchema.Error) in try schema.validate(again) }
    switch (verdict, second) {
    case (.success, .success): break
    case (.failure(let a), .failure(let b)) where a == b: break
    default: fatalError("verdict changed after a JSON round trip: \(verdict) vs \(second)")
    }
    return 0
}
