import AssistEvaluation
import AssistUnderstanding
import Foundation
import Testing

/// `TextMatching.fold` reads ASCII from a table computed once (issue 27: Foundation's decomposition per scalar was
/// most of the rules' time). The table must give exactly what the definition gives: every scalar lower-cased with
/// the Turkish i's handled, then decomposed with its marks dropped.
@Suite("Text folding: the fast path is the definition")
struct TextMatchingFoldTests {
    /// The definition, as `fold` was written before the table.
    static func definition(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "İ", "I", "ı": out.append("i")
            case "'", "’", "`": out.append(" ")
            default:
                for lowered in String(scalar).lowercased().unicodeScalars {
                    let decomposed = String(lowered).decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                        !$0.properties.isDiacritic && $0.properties.generalCategory != .nonspacingMark
                    }
                    out.append(contentsOf: decomposed)
                }
            }
        }
        return String(out)
    }

    @Test("every ASCII scalar folds as the definition says")
    func ascii() {
        for value in UInt8(0)..<128 {
            let text = String(Unicode.Scalar(value))
            #expect(TextMatching.fold(text) == Self.definition(text), "U+\(String(value, radix: 16))")
        }
    }

    @Test("every sentence of the golden sets, in English and Turkish, folds as the definition says")
    func goldenSentences() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../golden").standardized
        var texts: [String] = ["İSTANBUL'dan Lizbon'a", "ÇĞÖŞÜ çğöşü ıİ", "Zürich – São Paulo, Ærø, Łódź, Ñandú ½ ﬁ"]
        for file in ["smart_search.jsonl", "budget.jsonl", "written-after/smart_search.jsonl", "written-after/budget.jsonl",
                     "written-after/smart_search.second.jsonl", "written-after/budget.second.jsonl",
                     "written-after/smart_search.third.jsonl", "written-after/budget.third.jsonl",
                     "written-after/smart_search.fourth.jsonl", "written-after/budget.fourth.jsonl",
                     "written-after/smart_search.fifth.jsonl", "written-after/budget.fifth.jsonl",
                     "written-after/smart_search.sixth.jsonl", "written-after/budget.sixth.jsonl"] {
            texts += try GoldenSet.load(golden.appendingPathComponent(file)).map(\.text)
        }
        #expect(texts.count > 200)
        for text in texts { #expect(TextMatching.fold(text) == Self.definition(text), "\(text)") }
    }
}
