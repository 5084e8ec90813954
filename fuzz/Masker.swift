// libFuzzer target: PIIMasker (AssistUnderstanding), which the gateway runs on every string of every request's
// input and every message it sends a provider (issue 28): cards by Luhn, IBANs by mod 97, Turkish identity,
// passport and phone numbers, e-mail addresses.
// Input: UTF-8 text (at most 16 KiB).
// Invariants: nothing traps; findings lie within the text, in order, without overlapping; no finding leaves the
// text as it was and a text without one comes back unchanged; a card or an IBAN found is not found again in the masked text.
import AssistUnderstanding
import Foundation

let masker = PIIMasker()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 16 * 1024 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let result = masker.mask(text)
    let length = text.utf16.count
    var end = 0
    for finding in result.findings {
        guard finding.range.location >= end, finding.range.length > 0, finding.range.location + finding.range.length <= length else {
            fatalError("finding \(finding) out of order, empty or outside a text of \(length) UTF-16 units")
        }
        end = finding.range.location + finding.range.length
    }
    if result.findings.isEmpty, result.masked != text { fatalError("nothing found, yet the text changed") }
    // Masking the masked text finds no card or IBAN that the first pass found (the same digits may stand elsewhere
    // inside a longer run that is no card; the masker itself must not leave one it found).
    let utf16 = Array(text.utf16)
    func found(_ text: [UInt16], _ result: PIIMasker.Result) -> Set<String> {
        Set(result.findings.filter { $0.kind == .paymentCard || $0.kind == .iban }.map { finding in
            String(decoding: text[finding.range.location..<(finding.range.location + finding.range.length)], as: UTF16.self).filter(\.isNumber)
        })
    }
    let first = found(utf16, result)
    if !first.isEmpty {
        let again = masker.mask(result.masked)
        if let left = found(Array(result.masked.utf16), again).intersection(first).first { fatalError("a card or IBAN found is still there: \(left)") }
    }
    return 0
}
