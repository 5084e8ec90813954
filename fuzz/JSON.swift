// libFuzzer target: AssistWire's JSONParser. Any bytes must parse or throw (no crash, no hang), and a value
// that parses must survive JSONWriter: parse(write(v)) == v, and writing is a fixed point after one pass.
import AssistWire

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONParser.parse(bytes) else { return 0 }
    let written = JSONWriter.bytes(value)
    guard let again = try? JSONParser.parse(written) else {
        fatalError("JSONWriter output does not parse: \(String(decoding: written, as: UTF8.self))")
    }
    guard again == value else { fatalError("round trip changed the value: \(value) → \(again)") }
    guard JSONWriter.bytes(again) == written else { fatalError("JSONWriter is not deterministic for \(value)") }
    return 0
}
