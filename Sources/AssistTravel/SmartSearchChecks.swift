public import AssistGatewayEvaluation
import AssistUnderstanding
public import AssistWire

/// What `assist eval` holds smart search's served answers to: the JSON Schema apps decode, and literal support
/// in the sentence for what the walls demand it of.
extension SmartSearchFeature: CheckableStructuredFeature {
    public var answerSchema: JSONValue {
        let text: JSONValue = ["type": ["string", "null"]]
        let count: JSONValue = ["type": ["integer", "null"], "minimum": 0, "maximum": 9]
        let date: JSONValue = ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"]
        let range: JSONValue = [
            "type": ["object", "null"], "required": ["from", "to"], "additionalProperties": false,
            "properties": ["from": date, "to": date],
        ]
        func choice(_ values: [JSONValue]) -> JSONValue { ["enum": .array(values + [.null])] }
        let filters: JSONValue = [
            "type": "object", "additionalProperties": false,
            "required": ["origin", "destination", "departure", "return", "adults", "children", "infants", "nonstop", "cabin", "airline",
                         "departureTimeOfDay", "climate", "maxPrice"],
            "properties": [
                "origin": text, "destination": text, "departure": range, "return": range,
                "adults": count, "children": count, "infants": count, "nonstop": ["type": ["boolean", "null"]],
                "cabin": choice(["economy", "premium_economy", "business", "first"]), "airline": text,
                "departureTimeOfDay": choice(["morning", "afternoon", "evening", "night"]), "climate": choice(["warm", "cold"]),
                "maxPrice": [
                    "type": ["object", "null"], "required": ["amount", "currency"], "additionalProperties": false,
                    "properties": ["amount": ["type": "number", "minimum": 0], "currency": ["type": "string", "minLength": 3, "maxLength": 3]],
                ],
            ],
        ]
        return [
            "type": "object", "required": ["filters", "source", "fieldSources", "dropped"], "additionalProperties": false,
            "properties": ["filters": filters, "source": ["enum": ["model", "fallback"]], "dropped": ["type": "array"],
                           "fieldSources": ["type": "object", "additionalProperties": ["enum": ["rules", "model"]]]],
        ]
    }

    /// Cities and traveller counts must be written in the sentence (the literal support the walls demand of
    /// the model, plus "a baby" for one, as the rules read it); dates and prices are computed by code.
    public func ungrounded(_ answer: JSONValue, input: [String: JSONValue]) -> [String] {
        let text = input["text"]?.stringValue ?? ""
        let search = SmartSearch()
        return ["origin", "destination", "adults", "children", "infants"].compactMap { field in
            guard let value = answer["filters"]?[field], value != .null, !search.grounded(field, value, in: text, articles: true) else { return nil }
            return "\(field): \(JSONWriter.string(value))"
        }
    }
}
