@testable import AssistUnderstanding
import AssistWire
import Synchronization
import Testing

@Suite("Smart search model path")
struct SmartSearchTests {
    let today = DateResolver(today: "2026-11-29")!

    func search(_ answer: JSONValue) -> (SmartSearch, ScriptedModel) {
        let model = ScriptedModel([.success(answer)])
        return (SmartSearch(model: GuardedModel(model: model, isEnabled: { true }, isAvailable: { true })), model)
    }

    /// The rules find Lisbon (as destination), two adults and warm; "kids: 2" is a gap they leave.
    let text = "two adults, somewhere sunny in Lisbon, kids: 2"

    @Test("the schema offers only what the rules left empty and the text signals")
    func walledSchema() {
        let filters = SearchParser(today: today).parse(text)
        #expect(filters.adults == 2 && filters.children == nil && filters.destination == "Lisbon")
        let schema = SmartSearch().schema(for: text, missing: filters)
        // Lisbon is already the destination, so it is no choice for the origin: no origin field at all.
        #expect(Set(schema.propertyNames) == ["children"])
        let open = SmartSearch().schema(for: "Lisbon, kids: 2 or maybe Porto", missing: SearchFilters())
        #expect(open.jsonSchema["properties"]?["origin"]?["anyOf"] == [["const": "Lisbon"], ["const": "Porto"]])
    }

    @Test("the model fills a gap with a grounded value; the rules' values stand")
    func fillsGaps() async {
        let (search, _) = search(["children": 2])
        let result = await search.extract(text, today: today)
        #expect(result.source == "model")
        #expect(result.filters.children == 2)
        #expect(result.filters.adults == 2)
        #expect(result.filters.climate == "warm")
        // Each filled field says where it came from; the rules' stay theirs.
        #expect(result.fieldSources["children"] == "model")
        #expect(result.fieldSources["adults"] == "rules")
        #expect(result.fieldSources["climate"] == "rules")
        #expect(result.fieldSources["origin"] == nil)
        #expect(result.json["fieldSources"]?["children"] == "model")
    }

    @Test("a span the model picks in lower case is spelled as a place's name; one written with capitals is kept")
    func spanSpelledAsName() async {
        let (search, _) = search(["destination": "ishpeming"])  // a town the gazetteer lacks: no airport serves it
        let result = await search.extract("flights to ishpeming next friday", today: today)
        #expect(result.filters.destination == "Ishpeming" && result.fieldSources["destination"] == "model")
        #expect(SmartSearch.spelledAsPlace("san juan de los morros") == "San Juan de los Morros")
        #expect(SmartSearch.spelledAsPlace("port-de-paix") == "Port-de-Paix")
        #expect(SmartSearch.spelledAsPlace("de aar") == "De Aar")
        #expect(SmartSearch.spelledAsPlace("McAllen") == "McAllen")
        #expect(SmartSearch.spelledAsPlace("Babaeski") == "Babaeski")
    }

    @Test("a place the gazetteer lacks is a span the model may pick; the rules' places and grammar words are not spans")
    func placeSpans() async {
        var berlin = SearchFilters()
        berlin.destination = "Berlin"
        #expect(SmartSearch().schema(for: "from Babaeski to Berlin tomorrow", missing: berlin)
            .jsonSchema["properties"]?["origin"]?["anyOf"] == [["const": "Babaeski"]])  // Berlin is the destination already
        let (search, _) = search(["origin": "Babaeski"])
        let result = await search.extract("from Babaeski to Berlin tomorrow", today: today)
        #expect(result.filters.origin == "Babaeski")
        #expect(result.filters.destination == "Berlin")
        #expect(result.fieldSources["origin"] == "model")
        #expect(result.fieldSources["destination"] == "rules")
        let gazetteer = Gazetteer.builtin
        #expect(PlaceSpans.candidates(in: "flights to smallvillea next friday", gazetteer: gazetteer) == ["smallvillea"])
        #expect(PlaceSpans.candidates(in: "Paris to Nice on May 3, two adults", gazetteer: gazetteer) == [])
        #expect(PlaceSpans.candidates(in: "Book Turkish Airlines to Rome in first class", gazetteer: gazetteer) == [])
        // A carrier the rules read by its shape offers none of its words ("Tindi", "Wing"); a town beside it still is one.
        let tindi = "Air Tindi to Smallvillea next friday"
        #expect(PlaceSpans.candidates(in: tindi, besides: gazetteer.mentions(in: tindi), names: ["Air Tindi"]) == ["Smallvillea"])
        #expect(PlaceSpans.candidates(in: tindi, besides: gazetteer.mentions(in: tindi)).contains("Tindi"))
        var carrier = SearchFilters()
        carrier.airline = "Blue Wing Airlines"
        let choices = SmartSearch().schema(for: "Blue Wing Airlines ile Smallvillea'ya yarın", missing: carrier)
            .jsonSchema["properties"]?["origin"]?["anyOf"]
        #expect(choices == [["const": "Smallvillea"]])
        // Nor a place the gazetteer knows inside the carrier's name ("Marshall", Texas, in "Air Marshall Islands").
        carrier.airline = "Air Marshall"
        let marshall = SmartSearch().schema(for: "Air Marshall Islands to Smallvillea in november, solo", missing: carrier)
            .jsonSchema["properties"]?["origin"]?["anyOf"]?.arrayValue ?? []
        #expect(!marshall.contains(["const": "Marshall"]) && marshall.contains(["const": "Smallvillea"]))
        // However the carrier was written: "Azul'la" is Azul Brazilian Airlines by its short name, no origin.
        carrier.airline = "Azul Brazilian Airlines"
        let azul = SmartSearch().schema(for: "Azul'la Smallvillea'ya yarın", missing: carrier)
            .jsonSchema["properties"]?["origin"]?["anyOf"]?.arrayValue ?? []
        #expect(azul == [["const": "Smallvillea"]])
        #expect(SearchParser.writtenNames(of: "Azul Brazilian Airlines").contains("azul"))
        #expect(SearchParser.writtenNames(of: "Scandinavian Airlines").contains("SAS"))
        #expect(PlaceSpans.candidates(in: "Dubai'ye Pegasus ile, Türk Hava Yolları değil", gazetteer: gazetteer) == [])
        #expect(PlaceSpans.candidates(in: "New York'tan Boston'a, under 300 EUR", gazetteer: gazetteer) == [])
        #expect(PlaceSpans.candidates(in: "Babaeski'den Edirne'ye yarın", gazetteer: gazetteer) == ["Babaeski"])
    }

    @Test("a property outside the sentence's schema cannot reach the result: the answer is refused whole")
    func outsideSchema() async {
        let (search, _) = search(["children": 2, "adults": 5])
        let result = await search.extract(text, today: today)
        #expect(result.source == "fallback")
        #expect(result.filters.adults == 2)
        #expect(result.filters.children == nil)
    }

    @Test("an invented count is dropped and reported, never applied")
    func dropsUngrounded() async {
        let (search, _) = search(["children": 3])
        let result = await search.extract(text, today: today)
        #expect(result.filters.children == nil)
        #expect(result.dropped == [Wall.Dropped(field: "children", value: 3, reason: "no literal support in the text")])
        #expect(result.json["dropped"]?.arrayValue?.count == 1)
    }

    @Test("when the rules filled everything the text signals, the model is not called")
    func noCall() async {
        let (search, model) = search(["origin": "Rome"])
        let result = await search.extract("from London to Rome next weekend", today: today)
        #expect(model.calls.load(ordering: .relaxed) == 0)
        #expect(result.source == "fallback")
        #expect(result.filters.origin == "London")
    }

    @Test("without a model, or when it is switched off, the deterministic path answers")
    func fallback() async {
        #expect(await SmartSearch().extract("Lizbon'a yarın", today: today).source == "fallback")
        let off = SmartSearch(model: GuardedModel(model: ScriptedModel([]), isEnabled: { false }, isAvailable: { true }))
        let result = await off.extract("2 seats with a baby, Lisbon", today: today)
        #expect(result.source == "fallback")
        #expect(result.filters.destination == "Lisbon")
    }
}
