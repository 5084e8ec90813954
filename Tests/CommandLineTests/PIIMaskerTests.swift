import AssistUnderstanding
import AssistWire
import Foundation
import Testing

@Suite("PIIMasker")
struct PIIMaskerTests {
    let masker = PIIMasker()

    @Test("cards keep their last four digits; the other kinds are replaced; text around them survives")
    func examples() {
        let result = masker.mask("Kartım 4111 1111 1111 1111, IBAN TR33 0006 1005 1978 6457 8413 26, TC 10000000146, mail deniz@example.com, tel +90 532 123 45 67, pasaport no: U12345678.")
        #expect(result.masked == "Kartım **** **** **** 1111, IBAN TR********************1326, TC ***********, mail [email], tel [phone], pasaport no: [passport].")
        #expect(result.findings.map(\.kind) == [.paymentCard, .iban, .turkishIdentity, .email, .phone, .passport])
        #expect(result.containsSensitiveNumbers)
    }

    @Test("a card whose first digit an IBAN took is masked on a second pass, never left for the provider (found by fuzzing)")
    func valueBehindANeighbour() {
        // "Pe411106 1019719c8" passes mod 97 and takes the "8" that starts the card "8 411119111111111104".
        let text = "Pe411106 1019719c8 411119111111111104 end"
        let result = masker.mask(text)
        #expect(result.findings.map(\.kind) == [.iban, .paymentCard])
        #expect(result.masked == "PE***********19C**** **** **** 1104 end")  // the card takes the IBAN's kept "8" with it
        #expect(masker.mask(result.masked).findings.isEmpty)
    }

    @Test("the fuzzer's layered numbers: the masked text is a fixed point (past four passes, every digit is starred)")
    func layeredNumbers() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../fuzz/corpus/mask/regression-layered-numbers")
        let text = String(decoding: try Data(contentsOf: seed), as: UTF8.self)
        let result = masker.mask(text)
        #expect(!result.findings.isEmpty)
        #expect(masker.mask(result.masked).findings.isEmpty)
    }

    @Test("numbers without a valid checksum or the shape of personal data are left alone")
    func controls() {
        for text in ["Uçuş TK1759 14:40'ta, rezervasyon BK-2041.", "Order 4111 1111 1111 1112 shipped", "Total 1.250,00 TL on 2026-10-14",
                     "TC 12345678901 is not valid", "Call me maybe"] {
            let result = masker.mask(text)
            #expect(result.masked == text, "\(text) → \(result.masked)")
            #expect(!result.containsPersonalData)
        }
        let mail = masker.mask("write to deniz@example.com")
        #expect(mail.containsPersonalData && !mail.containsSensitiveNumbers)
    }

    /// Samples generated and judged by python-stdnum and phonenumbers (tools/pii_oracle.py).
    static func oracleSamples() throws -> [(kind: String, text: String, valid: Bool)] {
        let oracle = try PythonOracle.run("pii_oracle.py", ["--seed", "20261129"])
        #expect(oracle.status == 0, "the oracle needs python-stdnum and phonenumbers (make setup installs them)")
        return oracle.lines.map { json in (json["kind"]?.stringValue ?? "", json["text"]?.stringValue ?? "", json["valid"] == true) }
    }

    @Test("agrees with python-stdnum and phonenumbers on generated valid and invalid numbers")
    func oracle() throws {
        let samples = try Self.oracleSamples()
        #expect(samples.count > 200)
        var disagreements: [String] = []
        for sample in samples {
            let result = masker.mask("Bilgi: \(sample.text) tamam.")
            let found = Set(result.findings.map(\.kind.rawValue))
            if sample.kind == "none" {
                if !result.findings.isEmpty { disagreements.append("masked a non-PII value: \(sample.text) → \(result.masked)") }
            } else if found.contains(sample.kind) != sample.valid {
                disagreements.append("\(sample.kind) \(sample.valid ? "valid" : "invalid") \(sample.text) → \(result.masked)")
            } else if sample.valid {
                let digits = sample.text.filter(\.isNumber)
                let kept = ["payment_card", "iban"].contains(sample.kind) ? String(digits.suffix(4)) : ""
                if result.masked.filter(\.isNumber).count > kept.count { disagreements.append("digits left in \(result.masked)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements: \(disagreements.prefix(10))")
    }
}
