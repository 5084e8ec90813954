import AssistGateway
import AssistGatewayEvaluation
import AssistHTTP
import AssistTestSupport
import AssistWire
import Foundation
import Testing

/// A whole gateway in this process, without sockets: the configuration fixture plus a structured feature,
/// in-memory stores on a manual wall clock, HS256 tokens, a scripted provider, and the test apps. Requests
/// go straight to `Gateway.respond`; a streamed body runs into a `RecordingBodyWriter`.
final class InProcessGateway: Sendable {
    static let secret = Array("in-process-test-secret-0123456789".utf8)
    static let adminToken = Array("admin-secret".utf8)

    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_790_000_000))  // 2026-09-21 13:46:40 UTC
    let quota: CountingQuotaStore
    let audit: any AuditStore
    let provider: ScriptedProvider
    let bookings = TestApps.Bookings()
    let gateway: Gateway
    var dependencies: GatewayDependencies { gateway.dependencies }

    /// `overrides`, `instance` and `broadcast` let several in-process gateways act as replicas of one; `storeProbes`
    /// stand for shared stores' checks. `edit` changes the configuration fixture (e.g. `$0.set("limits.maxConcurrentStreamsPerUser", 1)`).
    /// `monotonicClock` times deadlines (a `ManualClock` runs them in virtual time). `demo`: the demo log-in
    /// (`POST /demo/token`) for user u1, as `assist serve --demo` has it.
    init<Monotonic: Clock>(provider: ScriptedProvider = ScriptedProvider(), monotonicClock: Monotonic = ContinuousClock(),
                           audit: any AuditStore = InMemoryAuditStore(), refusals: any RefusalStore = InMemoryRefusalStore(),
                           overrides: any FeatureOverrideStore = InMemoryFeatureOverrideStore(), instance: String = "local",
                           broadcast: any AdminBroadcast = InMemoryAdminBroadcast(), storeProbes: [StoreMonitor.Probe] = [],
                           reload: Reload? = nil, qualification: QualificationSource = QualificationSource(), demo: Bool = false,
                           tracing: Tracing = .off, edit: (inout JSONValue) -> Void = { _ in }) throws where Monotonic.Instant == ContinuousClock.Instant {
        self.audit = audit
        var json = ConfigFixture.json
        json.set("features.lookup", [
            "kind": "structured", "promptVersion": "lookup-1", "model": "local-small", "maxOutputTokens": 50,
            "inputSchema": ["type": "object", "properties": ["text": ["type": "string", "minLength": 1]], "required": ["text"],
                            "additionalProperties": false],
            "template": ["builder": "lookup", "instructions": "Look it up."],
            "quotas": [
                "trusted": ["requestsPerDay": 10, "tokensPerDay": 10000], "degraded": ["requestsPerDay": 10, "tokensPerDay": 10000],
                "untrusted": ["requestsPerDay": 10, "tokensPerDay": 10000], "unavailable": ["requestsPerDay": 10, "tokensPerDay": 10000],
            ],
        ])
        edit(&json)
        let config = try GatewayConfig.load(JSONWriter.bytes(json), knownBuilders: ["itinerary_summary", "support_chat", "lookup"])
        self.provider = provider
        quota = CountingQuotaStore(clock: clock)
        var stores = GatewayStores.inMemory(clock: clock)
        stores.quota = quota
        stores.audit = audit
        stores.refusals = refusals
        stores.overrides = overrides
        var dependencies = try GatewayDependencies(
            config: config, clock: clock, monotonicClock: monotonicClock, stores: stores,
            security: GatewaySecurity(tokenVerifier: JWTVerifier(secret: Self.secret, settings: config.auth, clock: clock),
                                      integrity: HeaderIntegrityVerifier(), adminToken: Self.adminToken,
                                      demoLogin: demo ? DemoLogin(users: [DemoLogin.User(id: "u1", name: "Deniz", locale: "tr-TR", bookings: [])],
                                                                  issuer: HS256TokenIssuer(secret: Self.secret, settings: config.auth, clock: clock))
                                                      : nil),
            models: ModelAccess(provider: provider, environment: { _ in nil }),
            handlers: FeatureHandlers(builders: [TestApps.Summary(bookings: bookings), TestApps.Chat()], structured: [TestApps.Lookup()],
                                      answerChecks: TestApps.ChatChecks()), masker: PIIMasking(),
            instance: instance, reloadConfiguration: reload?.read, broadcast: broadcast, storeProbes: storeProbes,
            qualification: qualification)
        dependencies.tracing = tracing
        gateway = Gateway(dependencies: dependencies)
    }

    /// What `POST /admin/reload` reads (wrapped, so that a trailing closure still means `edit`).
    struct Reload: Sendable {
        let read: @Sendable () throws -> GatewayConfig
    }

    func token(_ user: String) -> String {
        HS256TokenIssuer(secret: Self.secret, settings: dependencies.config.auth, clock: clock).token(for: user)
    }

    /// Sends a request as `user` (nil: no Authorization), the body as JSON unless `raw` is given, from the
    /// client address `address` (as a server's edge would name it).
    func send(_ method: HTTPMethod = .post, _ path: String = "/v1/assist/stream", query: String? = nil, as user: String? = "u1",
              json: JSONValue? = nil, raw: [UInt8]? = nil, headers: [HTTPField] = [], bodyTooLarge: Bool = false,
              from address: String = HTTPRequest.unknownAddress) async -> Exchange {
        var fields = headers
        if let user { fields.append((.authorization, "Bearer \(token(user))")) }
        let request = HTTPRequest(method: method, path: path, query: query, headers: fields, body: raw ?? json.map { JSONWriter.bytes($0) } ?? [],
                                  bodyTooLarge: bodyTooLarge, clientAddress: address)
        return Exchange(response: await gateway.respond(to: request))
    }

    /// A stream request for `feature` with `input`.
    func stream(_ feature: String = "support_chat", _ input: JSONValue = ["message": "Where is my bag?"], as user: String? = "u1",
                locale: String = "en-US", headers: [HTTPField] = [], from address: String = HTTPRequest.unknownAddress) async -> Exchange {
        await send(as: user, json: ["feature": .string(feature), "input": input, "locale": .string(locale)], headers: headers, from: address)
    }

    /// The audit row of an exchange's request.
    func auditRow(_ exchange: Exchange) async -> AuditRecord? {
        guard let id = exchange.requestId else { return nil }
        return try? await audit.record(for: id)  // a read that fails is a missing row to the test that asks
    }

    /// Everything admission took has been given back: no slot open, every reservation settled, no shared call.
    func expectNothingHeld(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(dependencies.state.streamSlots.openStreams == 0, "stream slots still held", sourceLocation: sourceLocation)
        #expect(quota.settled == quota.reserved, "reservations not settled exactly once", sourceLocation: sourceLocation)
        #expect(dependencies.state.sharedCalls.count == 0, "shared calls still running", sourceLocation: sourceLocation)
    }
}

/// One request and its response; a streamed body is run on demand.
struct Exchange: Sendable {
    let response: HTTPResponse
    var status: HTTPStatus { response.status }
    var requestId: String? { response.header(.requestId) }

    /// The body of a bytes response, as JSON.
    var json: JSONValue? {
        guard case .bytes(let bytes) = response.body else { return nil }
        return try? JSONParser.parse(bytes)
    }

    var errorCode: String? { json?["error"]?["code"]?.stringValue }

    /// Runs the streamed body to its end into a fresh writer (as a server's task would).
    func body() async -> RecordingBodyWriter {
        let writer = RecordingBodyWriter()
        if case .stream(let produce) = response.body { await produce(writer) }
        return writer
    }

    /// Starts the streamed body in a task, for tests that leave mid-stream or run streams side by side.
    func start() -> (writer: RecordingBodyWriter, task: Task<Void, Never>) {
        let writer = RecordingBodyWriter()
        let task = Task { if case .stream(let produce) = response.body { await produce(writer) } }
        return (writer, task)
    }
}

extension RecordingBodyWriter {
    /// Waits until at least `count` deltas were written.
    func waitForDeltas(_ count: Int) async -> Bool {
        await wait { bytes in String(decoding: bytes, as: UTF8.self).components(separatedBy: "\"kind\":\"delta\"").count > count }
    }
}
