public import AssistEvaluation
public import AssistGateway
import AssistUnderstanding
public import AssistWire

/// A structured feature whose answers `assist eval` can hold to `schema_valid` and `grounded`: it knows
/// the contract apps decode and which of its values must be supported by the input.
public protocol CheckableStructuredFeature: StructuredFeature {
    /// The JSON Schema of a served answer.
    var answerSchema: JSONValue { get }
    /// The values of `answer` that the input does not support, as "field: value".
    func ungrounded(_ answer: JSONValue, input: [String: JSONValue]) -> [String]
}

extension CheckableStructuredFeature {
    /// The verdicts the structured checks read.
    public func outcome(of answer: JSONValue, input: [String: JSONValue]) -> StructuredOutcome {
        // The schema is ours and is parsed by the tests; an unusable one fails every case loudly.
        let violations: [String]
        do {
            violations = try JSONSchemaValidator(schema: answerSchema).validate(answer).map { "\($0)" }
        } catch {
            violations = ["the feature's answer schema is unusable: \(error)"]
        }
        return StructuredOutcome(schemaViolations: violations, ungrounded: ungrounded(answer, input: input))
    }
}
