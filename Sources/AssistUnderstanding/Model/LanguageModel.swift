public import AssistWire

/// A prompt for a small model: instructions and the user's text, kept apart.
public struct ModelPrompt: Sendable, Equatable {
    public var instructions: String
    public var text: String
    public init(instructions: String, text: String) {
        self.instructions = instructions
        self.text = text
    }
}

/// How a model call failed, in the terms every adapter maps its own errors to.
public enum ModelError: Error, Sendable, Equatable {
    case rateLimited
    case contextOverflow
    case unavailable
    case refused(String)
    case failed(String)
}

/// A language model behind one protocol: on-device (Apple's system model), the embedded llama-server, any
/// OpenAI-compatible server. `respond` must constrain generation to the schema where the model supports
/// it; the caller validates the answer regardless.
public protocol LanguageModel: Sendable {
    func respond(to prompt: ModelPrompt, schema: DynamicSchema) async throws(ModelError) -> JSONValue
    /// Free text, streamed. Only for wording that carries no facts (the kit never lets a model write a
    /// number, a merchant or a date); the default says the model cannot stream.
    func streamText(_ prompt: ModelPrompt) -> AsyncThrowingStream<String, any Error>
}

extension LanguageModel {
    public func streamText(_ prompt: ModelPrompt) -> AsyncThrowingStream<String, any Error> {
        AsyncThrowingStream { $0.finish(throwing: ModelError.unavailable) }
    }
}
