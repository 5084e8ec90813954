// libFuzzer target: PIIMasker (AssistUnderstanding), which the gateway runs on every string of every request's
// input and every message it sends a provider (issue 28): cards by Luhn, IBANs by mod 97, Turkish identity,
// passport and phone numbers, e-mail addresses.
// Input: UTF-8 text (at most 16 KiB).
// Invariants: nothing traps; every finding is a non-empty range; a text without one comes back unchanged; and the
// masked text is a fixed point: masking it again finds nothing (a value the masker would mask never survives it,
// even one whose first characters a neighbouring finding took).
import AssistUnderstanding
import Foundation

let masker = PIIMasker()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 16 * 1024 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let result = masker.mask(text)
    if let empty = result.findings.first(where: { $0.range.length <= 0 || $0.range.location < 0 }) { fatalError("an empty finding: \(empty)") }
    if result.findings.isEmpty, result.masked != text { fatalError("nothing found, yet the text changed") }
    if !result.findings.isEmpty, let left = masker.mask(result.masked).findings.first {
        fatalError("the masked text still holds a \(left.kind.rawValue) at \(left.range)")
    }
    return 0
}
