#if canImport(FoundationModels)
import AssistWire
import Foundation
import FoundationModels

/// Apple's on-device model behind `LanguageModel`: a thin mapping — our `DynamicSchema` to a
/// `DynamicGenerationSchema`, Apple's errors to `FoundationModelsFailure` (whose meaning is tested on
/// every platform). This toolchain cannot compile it; keep decisions out of this file.
@available(iOS 26.0, macOS 26.0, *)
public struct SystemLanguageModelAdapter: LanguageModel {
    public init() {}

    public func respond(to prompt: ModelPrompt, schema: DynamicSchema) async throws(ModelError) -> JSONValue {
        let session = LanguageModelSession(model: .default, instructions: prompt.instructions)
        do {
            let generation = try GenerationSchema(root: Self.dynamic(schema, name: "Answer"), dependencies: [])
            let response = try await session.respond(to: prompt.text, schema: generation, includeSchemaInPrompt: false)
            return try JSONParser.parse(response.content.jsonString)
        } catch let error as LanguageModelSession.GenerationError {
            throw Self.failure(error).modelError
        } catch {
            throw FoundationModelsFailure.unknown.modelError
        }
    }

    public func streamText(_ prompt: ModelPrompt) -> AsyncThrowingStream<String, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                let session = LanguageModelSession(model: .default, instructions: prompt.instructions)
                var sent = ""
                do {
                    // Snapshots carry the whole text so far; pass on only what is new.
                    for try await snapshot in session.streamResponse(to: prompt.text) {
                        let text = snapshot.content
                        if text.hasPrefix(sent) { continuation.yield(String(text.dropFirst(sent.count))) }
                        sent = text
                    }
                    continuation.finish()
                } catch let error as LanguageModelSession.GenerationError {
                    continuation.finish(throwing: Self.failure(error).modelError)
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    static func dynamic(_ schema: DynamicSchema, name: String) -> DynamicGenerationSchema {
        switch schema {
        case .object(let properties, let description):
            return DynamicGenerationSchema(name: name, description: description, properties: properties.map { property in
                DynamicGenerationSchema.Property(name: property.name, schema: dynamic(property.schema, name: property.name),
                                                 isOptional: property.optional)
            })
        case .string(let choices?, _, let description):
            return DynamicGenerationSchema(name: name, description: description, anyOf: choices.map(\.value))
        case .string(nil, _, _):
            return DynamicGenerationSchema(type: String.self)
        case .integer(let minimum, let maximum, _):
            if let minimum, let maximum { return DynamicGenerationSchema(type: Int.self, guides: [.range(minimum...maximum)]) }
            return DynamicGenerationSchema(type: Int.self)
        case .number:
            return DynamicGenerationSchema(type: Double.self)
        case .boolean:
            return DynamicGenerationSchema(type: Bool.self)
        case .array(let items, let minItems, let maxItems, _):
            return DynamicGenerationSchema(arrayOf: dynamic(items, name: name + "Item"), minimumElements: minItems, maximumElements: maxItems)
        }
    }

    static func failure(_ error: LanguageModelSession.GenerationError) -> FoundationModelsFailure {
        switch error {
        case .exceededContextWindowSize: .exceededContextWindowSize
        case .assetsUnavailable: .assetsUnavailable
        case .guardrailViolation: .guardrailViolation
        case .unsupportedGuide: .unsupportedGuide
        case .unsupportedLanguageOrLocale: .unsupportedLanguageOrLocale
        case .decodingFailure: .decodingFailure
        case .rateLimited: .rateLimited
        case .concurrentRequests: .concurrentRequests
        case .refusal: .refusal
        @unknown default: .unknown
        }
    }
}
#endif
