import AssistUnderstanding
import AssistWire
import Synchronization
import Testing

/// A model that plays a script of answers and errors, counting calls and overlaps.
final class ScriptedModel: LanguageModel {
    let script: Mutex<[Result<JSONValue, ModelError>]>
    let calls = Atomic<Int>(0)
    let inFlight = Atomic<Int>(0)
    let maxInFlight = Atomic<Int>(0)
    let delay: Duration

    init(_ script: [Result<JSONValue, ModelError>], delay: Duration = .zero) {
        self.script = Mutex(script)
        self.delay = delay
    }

    func respond(to prompt: ModelPrompt, schema: DynamicSchema) async throws(ModelError) -> JSONValue {
        calls.add(1, ordering: .relaxed)
        let now = inFlight.add(1, ordering: .relaxed).newValue
        var seen = maxInFlight.load(ordering: .relaxed)
        while now > seen, !maxInFlight.compareExchange(expected: seen, desired: now, ordering: .relaxed).exchanged {
            seen = maxInFlight.load(ordering: .relaxed)
        }
        defer { inFlight.subtract(1, ordering: .relaxed) }
        if delay > .zero { try? await Task.sleep(for: delay) }
        let next = script.withLock { $0.isEmpty ? .failure(.failed("script exhausted")) : $0.removeFirst() }
        return try next.get()
    }
}

/// Records requested sleeps and returns at once: back-off is tested without real time passing.
final class RecordingSleeper: Sleeper {
    let slept = Mutex<[Duration]>([])
    func sleep(for duration: Duration) async throws { slept.withLock { $0.append(duration) } }
}

@Suite("GuardedModel")
struct GuardedModelTests {
    let schema = DynamicSchema.object(properties: [.init("topic", .string(choices: ["refund", "baggage"]))])
    let prompt = ModelPrompt(instructions: "Classify the message.", text: "My bag is lost")

    func guarded(_ model: ScriptedModel, enabled: Bool = true, available: Bool = true, sleeper: RecordingSleeper = RecordingSleeper(),
                 jitter: Double = 0, context: Int = 4096) -> GuardedModel {
        GuardedModel(model: model, isEnabled: { enabled }, isAvailable: { available }, sleeper: sleeper, jitter: { jitter },
                     contextTokens: context)
    }

    @Test("a valid answer is success; an answer outside the schema is invalidOutput, not a crash")
    func validation() async {
        let good = ScriptedModel([.success(["topic": "baggage"])])
        #expect(await guarded(good).respond(to: prompt, schema: schema) == .success(["topic": "baggage"]))
        let bad = ScriptedModel([.success(["topic": "weather"])])
        guard case .invalidOutput(let failures) = await guarded(bad).respond(to: prompt, schema: schema) else {
            Issue.record("expected invalidOutput"); return
        }
        #expect(failures.first?.hasPrefix("/topic") == true)
    }

    @Test("the master switch (setting AND availability) answers unavailable without touching the model")
    func masterSwitch() async {
        for (enabled, available) in [(false, true), (true, false), (false, false)] {
            let model = ScriptedModel([.success(["topic": "refund"])])
            #expect(await guarded(model, enabled: enabled, available: available).respond(to: prompt, schema: schema) == .unavailable)
            #expect(model.calls.load(ordering: .relaxed) == 0)
        }
    }

    @Test("rate limits back off 2 s, 4 s, 8 s with the jitter applied, then give up")
    func backoff() async {
        let sleeper = RecordingSleeper()
        let model = ScriptedModel(Array(repeating: .failure(.rateLimited), count: 10))
        #expect(await guarded(model, sleeper: sleeper, jitter: 0.25).respond(to: prompt, schema: schema) == .rateLimited)
        #expect(sleeper.slept.withLock { $0 } == [.milliseconds(2500), .milliseconds(5000), .milliseconds(10_000)])
        #expect(model.calls.load(ordering: .relaxed) == 4)

        let recovering = ScriptedModel([.failure(.rateLimited), .success(["topic": "refund"])])
        let quick = RecordingSleeper()
        #expect(await guarded(recovering, sleeper: quick, jitter: -0.25).respond(to: prompt, schema: schema) == .success(["topic": "refund"]))
        #expect(quick.slept.withLock { $0 } == [.milliseconds(1500)])
        // Jitter is clamped to ±25 %.
        let clamped = RecordingSleeper()
        _ = await guarded(ScriptedModel([.failure(.rateLimited), .success(["topic": "refund"])]), sleeper: clamped, jitter: 3)
            .respond(to: prompt, schema: schema)
        #expect(clamped.slept.withLock { $0 } == [.milliseconds(2500)])
    }

    @Test("context overflow is never retried, and a prompt over the budget never reaches the model")
    func contextOverflow() async {
        let overflowing = ScriptedModel([.failure(.contextOverflow), .success(["topic": "refund"])])
        #expect(await guarded(overflowing).respond(to: prompt, schema: schema) == .contextOverflow)
        #expect(overflowing.calls.load(ordering: .relaxed) == 1)
        let untouched = ScriptedModel([.success(["topic": "refund"])])
        let long = ModelPrompt(instructions: "Classify.", text: String(repeating: "word ", count: 4000))
        #expect(await guarded(untouched).respond(to: long, schema: schema) == .contextOverflow)
        #expect(untouched.calls.load(ordering: .relaxed) == 0)
    }

    @Test("refusals and failures are outcomes")
    func otherOutcomes() async {
        #expect(await guarded(ScriptedModel([.failure(.refused("unsafe"))])).respond(to: prompt, schema: schema) == .refused("unsafe"))
        #expect(await guarded(ScriptedModel([.failure(.failed("boom"))])).respond(to: prompt, schema: schema) == .failed("boom"))
        #expect(await guarded(ScriptedModel([.failure(.unavailable)])).respond(to: prompt, schema: schema) == .unavailable)
    }

    @Test("calls pass one at a time, even when many are made at once")
    func serial() async {
        let model = ScriptedModel(Array(repeating: .success(["topic": "refund"]), count: 8), delay: .milliseconds(5))
        let door = guarded(model)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { _ = await door.respond(to: prompt, schema: schema) } }
        }
        #expect(model.calls.load(ordering: .relaxed) == 8)
        #expect(model.maxInFlight.load(ordering: .relaxed) == 1)
    }
}

@Suite("Apple on-device model failures")
struct FoundationModelsMappingTests {
    @Test("each failure maps to the outcome the guard acts on")
    func mapping() {
        #expect(FoundationModelsFailure.rateLimited.modelError == .rateLimited)
        #expect(FoundationModelsFailure.concurrentRequests.modelError == .rateLimited)
        #expect(FoundationModelsFailure.exceededContextWindowSize.modelError == .contextOverflow)
        #expect(FoundationModelsFailure.assetsUnavailable.modelError == .unavailable)
        #expect(FoundationModelsFailure.unsupportedLanguageOrLocale.modelError == .unavailable)
        for refusal in [FoundationModelsFailure.guardrailViolation, .refusal] {
            guard case .refused = refusal.modelError else { Issue.record("\(refusal)"); continue }
        }
        for failure in [FoundationModelsFailure.unsupportedGuide, .decodingFailure, .unknown] {
            guard case .failed = failure.modelError else { Issue.record("\(failure)"); continue }
        }
    }
}
