@testable import AssistTravel
import Testing

/// Support chat composes its policy text once per language and topic section, and keeps a bounded number of them.
@Suite("Composed support policies")
struct ComposedPoliciesTests {
    @Test("a language and section is composed once; another one is composed for itself")
    func composesOncePerKey() {
        let composed = ComposedPolicies()
        var calls = 0
        func texts(_ language: String, _ section: String?) -> ComposedPolicies.Texts {
            composed.texts(language: language, section: section) {
                calls += 1
                return ComposedPolicies.Texts(policy: "\(language)/\(section ?? "all")", message: "Support policy:\n\n\(language)")
            }
        }
        #expect(texts("en", nil).policy == "en/all")
        #expect(texts("en", nil).policy == "en/all")
        #expect(calls == 1)
        #expect(texts("en", "baggage").policy == "en/baggage")
        #expect(texts("tr", nil).policy == "tr/all")
        #expect(calls == 3, "a section and a language are keys of their own")
    }

    @Test("past its capacity a text is composed for its request and not kept")
    func bounded() {
        let composed = ComposedPolicies()
        var calls = 0
        for index in 0..<(ComposedPolicies.capacity + 10) {
            _ = composed.texts(language: "x\(index)", section: nil) {
                calls += 1
                return ComposedPolicies.Texts(policy: "", message: "")
            }
        }
        #expect(calls == ComposedPolicies.capacity + 10)
        let last = "x\(ComposedPolicies.capacity + 9)"
        _ = composed.texts(language: last, section: nil) {
            calls += 1
            return ComposedPolicies.Texts(policy: "", message: "")
        }
        #expect(calls == ComposedPolicies.capacity + 11, "a language past the capacity was not kept")
        _ = composed.texts(language: "x0", section: nil) {
            calls += 1
            return ComposedPolicies.Texts(policy: "", message: "")
        }
        #expect(calls == ComposedPolicies.capacity + 11, "one within it was")
    }
}
