import AssistServices
import Testing

@Suite("CRC-32: the journal lines' checksum")
struct CRC32Tests {
    /// The one-byte-a-step definition, which the eight-bytes-a-step code must equal.
    private static func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test("the standard check value, and the empty input")
    func checkValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    @Test("every length from 0 to 300, and every start in a slice, equals the bytewise definition")
    func equalsReference() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for count in 0...bytes.count {
            #expect(CRC32.checksum(Array(bytes[0..<count])) == Self.reference(Array(bytes[0..<count])), "length \(count)")
        }
        for start in 0..<9 {
            #expect(CRC32.checksum(bytes[start..<200]) == Self.reference(Array(bytes[start..<200])), "start \(start)")
        }
    }
}
