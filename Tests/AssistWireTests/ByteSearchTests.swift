import AssistWire
import Testing

/// `ByteSearch` finds what the plain byte loop finds, at every start, on buffers where the bytes it looks for
/// fall at every offset of a word, next to bytes that differ from them by one bit, and past the last whole word.
struct ByteSearchTests {
    /// Seeded buffers rich in the bytes searched for and their neighbours (0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D,
    /// 0x09, 0x0B, 0x0C, 0x8A, 0xA2, 0xDC…), so a word trick that confuses near values is caught.
    private static func buffers() -> [[UInt8]] {
        let palette: [UInt8] = [0x0A, 0x0D, 0x22, 0x5C, 0x00, 0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x09, 0x0B, 0x0C,
                                0x8A, 0x8D, 0xA2, 0xDC, 0x7F, 0x80, 0xFF, 0x41, 0x61]
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        return (0..<400).map { round in
            let count = Int(next() % 40)
            let plainShare = round % 4  // from all palette bytes to mostly letters, so matches also fall late
            return (0..<count).map { _ in next() % 4 < UInt64(plainShare) ? 0x61 : palette[Int(next() % UInt64(palette.count))] }
        }
    }

    private static func naive(_ bytes: [UInt8], from start: Int, _ matches: (UInt8) -> Bool) -> Int {
        var index = start
        while index < bytes.count, !matches(bytes[index]) { index += 1 }
        return index
    }

    @Test func lineBreaksAreFoundWhereTheByteLoopFindsThem() {
        for bytes in Self.buffers() {
            for start in 0...bytes.count {
                let found = bytes.withUnsafeBufferPointer { ByteSearch.firstLineBreak(in: $0, from: start) }
                #expect(found == Self.naive(bytes, from: start) { $0 == 0x0A || $0 == 0x0D }, "\(bytes) from \(start)")
            }
        }
    }

    @Test func stringSpecialsAreFoundWhereTheByteLoopFindsThem() {
        for bytes in Self.buffers() {
            for start in 0...bytes.count {
                let found = bytes.withUnsafeBufferPointer { ByteSearch.firstStringSpecial(in: $0, from: start) }
                #expect(found == Self.naive(bytes, from: start) { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }, "\(bytes) from \(start)")
            }
        }
    }

    @Test func anEmptyBufferOrAStartPastTheEndFindsNothing() {
        #expect([UInt8]().withUnsafeBufferPointer { ByteSearch.firstLineBreak(in: $0, from: 0) } == 0)
        #expect([UInt8](repeating: 0x61, count: 9).withUnsafeBufferPointer { ByteSearch.firstStringSpecial(in: $0, from: 9) } == 9)
    }
}
