import AssistWire
import Foundation

/// The short pieces of `texts` that begin or end where a sentence might: for every word, the run of up to `width`
/// words that ends on it (a question sent before it was finished, "how much did I spend at") and the run that
/// starts on it (one begun mid-sentence), each distinct piece once.
///
/// The rules that read a question look a word or two either side of the word that triggers them; a question that
/// ends or starts on that word is where an index runs off the end. The budget fuzzer found one such trap by chance
/// in CI; these pieces of every written-after sentence put every word at both ends, every time. Short pieces keep
/// the run quick: reading costs grow with a sentence's length, and a trap at an end needs only its neighbours.
public func wordTruncations(of texts: [String], width: Int = 3) -> [String] {
    var seen = Set<String>()
    var pieces: [String] = []
    for text in texts {
        let words = text.split(whereSeparator: \.isWhitespace)
        for index in words.indices {
            for range in [max(0, index - width + 1)..<index + 1, index..<min(words.count, index + width)] {
                let piece = words[range].joined(separator: " ")
                if seen.insert(piece).inserted { pieces.append(piece) }
            }
        }
    }
    return pieces
}

/// The text of every sentence in the written-after sets of `feature` (`golden/written-after/<feature>.*jsonl`, the
/// first set included), and how many files they came from.
public func writtenAfterTexts(of feature: String) throws -> (texts: [String], files: Int) {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../golden/written-after").standardized
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasPrefix(feature + ".") && $0.hasSuffix(".jsonl") }
    let texts = try files.flatMap { file in
        try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n").compactMap { line in
            try JSONParser.parse(String(line))["text"]?.stringValue
        }
    }
    return (texts, files.count)
}
