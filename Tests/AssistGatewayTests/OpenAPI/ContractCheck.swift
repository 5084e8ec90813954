import AssistGateway
import AssistHTTP
import AssistTestSupport
import AssistUnderstanding
import AssistWire
import Testing

/// A gateway in this process and the OpenAPI document it serves: each request sent through `expect` must
/// get the status the test means to produce, and that response must be the document's.
struct ContractCheck {
    let gateway: InProcessGateway
    let contract: OpenAPIContract

    /// Reads the document from the gateway itself (`GET /openapi.json`, no token), as a client would.
    init(_ gateway: InProcessGateway) async throws {
        self.gateway = gateway
        let served = await gateway.send(.get, "/openapi.json", as: nil)
        try #require(served.status == 200)
        contract = try OpenAPIContract(document: try #require(served.json, "GET /openapi.json is not JSON"))
    }

    /// Checks `exchange`, the answer to `method path`: its status is `status` and the document describes it.
    /// A streamed body is run here, once, unless `streamed` holds the text of one that already ran.
    @discardableResult
    func expect(_ method: HTTPMethod, _ path: String, _ exchange: Exchange, _ status: HTTPStatus, code: String? = nil,
                streamed: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async -> Checked {
        #expect(exchange.status == status, "\(method) \(path): \(exchange.json.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
        if let code { #expect(exchange.errorCode == code, "\(method) \(path)", sourceLocation: sourceLocation) }
        var text = streamed
        if text == nil, case .stream = exchange.response.body { text = await exchange.body().text }
        let problems = await contract.problems(method, path, exchange, streamed: text)
        #expect(problems.isEmpty, "\(method) \(path) → \(status): \(problems)", sourceLocation: sourceLocation)
        return Checked(exchange: exchange, streamed: text)
    }

    /// An answer to a method or path the document does not list (405, 404): it must not list it, and the
    /// body is still the one error shape, with its request id.
    func expectUndocumented(_ method: HTTPMethod, _ path: String, _ exchange: Exchange, _ status: HTTPStatus, code: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(exchange.status == status && exchange.errorCode == code, "\(method) \(path)", sourceLocation: sourceLocation)
        #expect(contract.operation(method, path) == nil, "\(method) \(path) is documented", sourceLocation: sourceLocation)
        #expect(exchange.requestId != nil, sourceLocation: sourceLocation)
        let errorBody = contract.document["components"]?["schemas"]?["ErrorBody"] ?? [:]
        let failures = (try? contract.validator(for: errorBody).validate(exchange.json ?? .null).map(\.description)) ?? ["no validator"]
        #expect(failures.isEmpty, "\(method) \(path): \(failures)", sourceLocation: sourceLocation)
    }

    /// Sends `method path` (as `user`, or with the admin token) and checks the answer.
    @discardableResult
    func expect(_ method: HTTPMethod, _ path: String, as user: String? = "u1", admin: Bool = false, json: JSONValue? = nil,
                raw: [UInt8]? = nil, headers: [HTTPField] = [], bodyTooLarge: Bool = false, _ status: HTTPStatus, code: String? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) async -> Checked {
        let authorization: [HTTPField] = admin ? [(.authorization, "Bearer " + String(decoding: InProcessGateway.adminToken, as: UTF8.self))] : []
        let exchange = await gateway.send(method, path, as: admin ? nil : user, json: json, raw: raw, headers: headers + authorization,
                                          bodyTooLarge: bodyTooLarge)
        return await expect(method, path, exchange, status, code: code, sourceLocation: sourceLocation)
    }

    /// A stream request for `feature` with `input`, checked.
    @discardableResult
    func stream(_ status: HTTPStatus, _ feature: String = "support_chat", _ input: JSONValue = ["message": "Where is my bag?"],
                as user: String? = "u1", headers: [HTTPField] = [], code: String? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) async -> Checked {
        await expect(.post, "/v1/assist/stream", as: user, json: ["feature": .string(feature), "input": input, "locale": "en-US"],
                     headers: headers, status, code: code, sourceLocation: sourceLocation)
    }

    /// Sends `request` to another gateway (`InProcessGateway.variant`) and checks the answer against this document.
    @discardableResult
    func expect(_ request: HTTPRequest, to other: Gateway, _ status: HTTPStatus, code: String? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) async -> Checked {
        let exchange = Exchange(response: await other.respond(to: request))
        return await expect(request.method, request.path, exchange, status, code: code, sourceLocation: sourceLocation)
    }
}

/// A checked answer: the exchange, and a streamed body's text (run once, by the check).
struct Checked {
    let exchange: Exchange
    let streamed: String?

    var json: JSONValue? { exchange.json }
    func header(_ name: HTTPFieldName) -> String? { exchange.response.header(name) }

    /// The stream's events, decoded as an app would.
    var events: [AssistEvent] {
        var decoder = SSEDecoder()
        let messages = (try? decoder.feed(Array((streamed ?? "").utf8))) ?? []
        return messages.compactMap { message in (try? JSONParser.parse(message.data)).flatMap { try? AssistEvent(json: $0) } }
    }
}

extension InProcessGateway {
    /// This gateway's configuration, stores, models and handlers behind another integrity verifier, model
    /// readiness or reload: for the answers only those produce (a registered key, 503 health, a reload).
    func variant(integrity: (any IntegrityVerifier)? = nil, ready: Bool = true,
                 reload: (@Sendable () throws -> GatewayConfig)? = nil) throws -> Gateway {
        var models = dependencies.models
        models.isReady = { ready }
        var security = dependencies.security
        if let integrity { security.integrity = integrity }
        return Gateway(dependencies: try GatewayDependencies(
            config: dependencies.config, clock: dependencies.clock, stores: dependencies.stores, security: security, models: models,
            handlers: dependencies.handlers, masker: dependencies.masker, instance: dependencies.instance, reloadConfiguration: reload))
    }

    /// A request as `user` (nil: none) or with the admin token, for a variant gateway.
    func request(_ method: HTTPMethod, _ path: String, as user: String? = "u1", admin: Bool = false, json: JSONValue? = nil) -> HTTPRequest {
        var headers: [HTTPField] = []
        if admin { headers.append((.authorization, "Bearer " + String(decoding: Self.adminToken, as: UTF8.self))) }
        if let user, !admin { headers.append((.authorization, "Bearer \(token(user))")) }
        return HTTPRequest(method: method, path: path, headers: headers, body: json.map { JSONWriter.bytes($0) } ?? [])
    }
}

/// Registers any App Attest key (the attestation itself is `AppAttestVerifier`'s tests' business).
struct AcceptingIntegrityVerifier: IntegrityVerifier {
    func verdict(for request: HTTPRequest, user: String, feature: FeatureRecord) async -> IntegrityVerdict { IntegrityVerdict(.unavailable) }
    func registerAppAttestKey(user: String, keyId: [UInt8], attestation: [UInt8], challenge: String) async -> String? { nil }
}
