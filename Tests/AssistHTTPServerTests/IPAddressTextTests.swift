@testable import AssistHTTPServer
import Glibc
import Testing

/// An accepted peer's address as text, written by hand (`IPAddressText.of`), is what `inet_ntop` writes.
@Suite("An accepted IPv4 peer's address as text")
struct IPAddressTextTests {
    func viaLibc(_ address: sockaddr_in) -> String {
        var raw = address.sin_addr
        var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func address(_ value: UInt32) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = value.bigEndian
        return address
    }

    @Test func writesWhatInetNtopWrites() {
        var generator = SystemRandomNumberGenerator()
        let edges: [UInt32] = [0, 1, 0x7F00_0001, 0x0A00_00FF, 0xC0A8_0001, 0xFFFF_FFFF, 0x0100_0000, 0x00FF_0000]
        for value in edges + (0..<2_000).map({ _ in UInt32.random(in: .min ... .max, using: &generator) }) {
            #expect(IPAddressText.of(address(value)) == viaLibc(address(value)))
        }
        #expect(IPAddressText.of(address(0x7F00_0001)) == "127.0.0.1")
    }
}
