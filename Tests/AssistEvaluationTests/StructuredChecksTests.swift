import AssistEvaluation
import AssistGatewayEvaluation
import AssistServer
import AssistTravel
import AssistWire
import Testing

@Suite("schema_valid and grounded on hand-made smart search answers")
struct StructuredChecksTests {
    let feature = SmartSearchFeature()
    let input: [String: JSONValue] = ["text": "two adults from Istanbul to Lisbon in business"]

    func answer(_ filters: [String: JSONValue]) -> JSONValue {
        var all: [String: JSONValue] = [
            "origin": "Istanbul", "destination": "Lisbon", "departure": .null, "return": .null, "adults": 2, "children": .null,
            "infants": .null, "nonstop": .null, "cabin": "business", "airline": .null, "departureTimeOfDay": .null, "climate": .null,
            "maxPrice": .null,
        ]
        for (key, value) in filters { all[key] = value }
        return ["filters": .object(all), "source": "model", "fieldSources": ["origin": "rules"], "dropped": []]
    }

    func failing(_ answer: JSONValue) -> [String] {
        let checked = CheckedAnswer(text: JSONWriter.string(answer), locale: "en-US", structured: feature.outcome(of: answer, input: input))
        let checks: [any PropertyCheck] = [SchemaValid(), Grounded()]
        return checks.filter { $0.violation(in: checked) != nil }.map(\.name)
    }

    @Test("an answer within the contract and supported by the sentence passes both")
    func good() {
        #expect(failing(answer([:])) == [], "\(feature.outcome(of: answer([:]), input: input).schemaViolations)")
        #expect(failing(answer(["departure": ["from": "2026-10-01", "to": "2026-10-31"], "maxPrice": ["amount": 500, "currency": "EUR"]])) == [])
    }

    @Test("a value outside the contract breaks schema_valid; an invented city or count breaks grounded")
    func bad() {
        #expect(failing(answer(["cabin": "luxury"])) == ["schema_valid"])
        #expect(failing(answer(["nonstop": "yes"])) == ["schema_valid"])
        #expect(failing(answer(["departure": ["from": "2026-10-01"]])) == ["schema_valid"])
        #expect(failing(answer(["departure": ["from": "1 Ekim", "to": "2026-10-31"]])) == ["schema_valid"])
        #expect(failing(["filters": [:], "source": "model", "dropped": []]) == ["schema_valid"])
        #expect(failing(answer(["destination": "Paris"])) == ["grounded"])
        #expect(failing(answer(["children": 3])) == ["grounded"])
    }
}
