import AssistUnderstanding
import AssistWire
import Testing

@Suite("Walls")
struct WallTests {
    let wall = Wall(fields: [
        .init("destination", .string(choices: ["Lisbon", "Porto"]), signals: [], support: .literal(forms: ["Lisbon": ["Lizbon"]])),
        .init("adults", .integer(minimum: 1, maximum: 9), signals: ["adult", "adults", "yetişkin"],
              support: .number(words: ["two": 2, "iki": 2, "three": 3, "üç": 3])),
        .init("nonstop", .boolean(), signals: ["nonstop", "direct", "aktarmasız"], support: .signal),
    ])

    @Test("a property whose signal is absent is not in the schema, and cannot appear in the result")
    func signalGating() throws {
        let text = "Lisbon in October"
        #expect(wall.schema(for: text).propertyNames == ["destination"])
        let (kept, dropped) = wall.ground(["destination": "Lisbon", "adults": 2, "nonstop": true], in: text)
        #expect(kept == ["destination": "Lisbon"])
        #expect(Set(dropped.map(\.field)) == ["adults", "nonstop"])
        #expect(dropped.allSatisfy { $0.reason == "not signalled by the text" })
    }

    @Test("values without literal support are dropped and reported; supported ones are kept, in both languages")
    func grounding() throws {
        let turkish = "İstanbul'dan Lizbon'a iki yetişkin, aktarmasız"
        #expect(wall.schema(for: turkish).propertyNames == ["destination", "adults", "nonstop"])
        let ok = wall.ground(["destination": "Lisbon", "adults": 2, "nonstop": true], in: turkish)
        #expect(ok.kept == ["destination": "Lisbon", "adults": 2, "nonstop": true])
        #expect(ok.dropped.isEmpty)
        let invented = wall.ground(["destination": "Porto", "adults": 3], in: turkish)
        #expect(invented.kept.isEmpty)
        #expect(invented.dropped == [
            .init(field: "adults", value: 3, reason: "no literal support in the text"),
            .init(field: "destination", value: "Porto", reason: "no literal support in the text"),
        ])
        #expect(wall.ground(["adults": 4], in: "4 adults to LISBON").kept == ["adults": 4])
    }

    @Test("folding handles Turkish letters, case and suffixes")
    func folding() {
        #expect(TextMatching.fold("İSTANBUL'dan Çeşme ĞÜÖ") == "istanbul dan cesme guo")
        #expect(TextMatching.contains("Lizbon'a gidiyoruz", phrase: "Lizbon"))
        #expect(TextMatching.contains("lizbona", phrase: "Lizbon"))
        #expect(!TextMatching.contains("Lisbonne is not it", phrase: "Lisbon with"))
        #expect(!TextMatching.contains("Porto", phrase: "Portugal"))
        #expect(TextMatching.contains("New York'tan", phrase: "New York"))
        #expect(!TextMatching.contains("York", phrase: "New York"))
    }
}
