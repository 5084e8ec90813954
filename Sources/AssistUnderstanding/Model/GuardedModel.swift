public import AssistWire

/// What a guarded call produced. Every failure is a value the caller can act on (fall back to the
/// deterministic path, show the server route, ...), never a crash.
public enum GuardedOutcome: Sendable, Equatable {
    case success(JSONValue)
    /// The model kept saying "too many requests" through every back-off.
    case rateLimited
    /// The prompt does not fit the context; retrying cannot help.
    case contextOverflow
    /// The master switch is off, or the model is not available on this device.
    case unavailable
    case refused(String)
    /// The model answered something the schema does not allow.
    case invalidOutput([String])
    case failed(String)
}

/// Waits; tests inject one that records the delays and returns at once.
public protocol Sleeper: Sendable {
    func sleep(for duration: Duration) async throws
}

public struct TaskSleeper: Sleeper {
    public init() {}
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// The one door to an on-device model: every call passes through it, one at a time.
///
/// - A master switch — the app's setting AND the model's availability — turns every call into
///   `.unavailable` without touching the model.
/// - A token estimate keeps prompt + schema + answer inside the context (4,096 tokens by default);
///   over it is `.contextOverflow`, without a call. A context overflow reported by the model is not retried.
/// - Rate limits are retried after 2 s, 4 s and 8 s, each ±25 % jitter, then given up as `.rateLimited`.
/// - The answer is validated against the schema; a violation is `.invalidOutput`.
public actor GuardedModel {
    public static let backoff: [Duration] = [.seconds(2), .seconds(4), .seconds(8)]

    private let model: any LanguageModel
    private let isEnabled: @Sendable () -> Bool
    private let isAvailable: @Sendable () -> Bool
    private let sleeper: any Sleeper
    private let jitter: @Sendable () -> Double
    public let contextTokens: Int
    public let answerTokens: Int

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// `jitter` returns a factor in −0.25…0.25 applied to each back-off.
    public init(model: any LanguageModel, isEnabled: @escaping @Sendable () -> Bool, isAvailable: @escaping @Sendable () -> Bool,
                sleeper: any Sleeper = TaskSleeper(), jitter: @escaping @Sendable () -> Double = { Double.random(in: -0.25...0.25) },
                contextTokens: Int = 4096, answerTokens: Int = 512) {
        self.model = model
        self.isEnabled = isEnabled
        self.isAvailable = isAvailable
        self.sleeper = sleeper
        self.jitter = jitter
        self.contextTokens = contextTokens
        self.answerTokens = answerTokens
    }

    /// Estimated tokens of a prompt and its schema (4 UTF-8 bytes per token, rounded up: over-counting is
    /// the safe side for a fixed context).
    public static func estimatedTokens(_ prompt: ModelPrompt, schema: DynamicSchema) -> Int {
        let bytes = prompt.instructions.utf8.count + prompt.text.utf8.count + JSONWriter.bytes(schema.jsonSchema).count
        return (bytes + 3) / 4 + 16
    }

    public func respond(to prompt: ModelPrompt, schema: DynamicSchema) async -> GuardedOutcome {
        guard isEnabled(), isAvailable() else { return .unavailable }
        guard Self.estimatedTokens(prompt, schema: schema) + answerTokens <= contextTokens else { return .contextOverflow }
        await acquire()
        defer { release() }
        var attempt = 0
        while true {
            guard isEnabled(), isAvailable() else { return .unavailable }
            let error: ModelError
            do {
                let answer = try await model.respond(to: prompt, schema: schema)
                let failures = schema.validator.validate(answer)
                return failures.isEmpty ? .success(answer) : .invalidOutput(failures.map(\.description))
            } catch let thrown {
                error = thrown
            }
            switch error {
            case .rateLimited:
                guard attempt < Self.backoff.count else { return .rateLimited }
                let delay = Self.backoff[attempt] * (1 + max(-0.25, min(0.25, jitter())))
                attempt += 1
                do { try await sleeper.sleep(for: delay) } catch { return .rateLimited }
            case .contextOverflow: return .contextOverflow
            case .unavailable: return .unavailable
            case .refused(let reason): return .refused(reason)
            case .failed(let reason): return .failed(reason)
            }
        }
    }

    /// Serial, first come first served: actor reentrancy would otherwise let a second call start while the
    /// first awaits the model.
    private func acquire() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
