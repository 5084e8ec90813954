// libFuzzer target: AssistCrypto's CBOR decoder (App Attest objects come from the network). Any bytes must
// decode or throw, within the depth limit. A decoded item re-encoded in preferred form must decode to the
// same item (bit-exact floats, byte-exact text), and that encoding must be a fixed point.
import AssistCrypto

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let item = try? CBOR.decode(bytes) else { return 0 }
    let encoded = item.encoded
    guard encoded.count <= bytes.count * 9 + 9 else { fatalError("encoding grew from \(bytes.count) to \(encoded.count) bytes") }
    let again: CBOR
    do { again = try CBOR.decode(encoded) } catch { fatalError("re-encoded item does not decode: \(error)") }
    guard again == item else { fatalError("round trip changed the item: \(item) → \(again)") }
    guard again.encoded == encoded else { fatalError("preferred encoding is not a fixed point for \(item)") }
    // The accessors App Attest uses must not trap on any shape.
    _ = item["fmt"]?.textValue; _ = item["authData"]?.bytesValue; _ = item["attStmt"]?["x5c"]?.arrayValue
    _ = item.intValue
    return 0
}
