import AssistHTTP

/// `GET /openapi.json`: the OpenAPI 3.1 description of this API, compiled into the module from
/// `Resources/openapi.json` so the document served is the one the tests checked against the code.
/// Unauthenticated, like `/healthz`: a client reads it before it has a token. The bytes are served as
/// written (no re-encoding): the file is the single source of the document.
struct OpenAPIEndpoint: Sendable {
    static let document: [UInt8] = PackageResources.openapi_json

    func handle() -> HTTPResponse {
        HTTPResponse(status: .ok, headers: [(.contentType, "application/json"), (.cacheControl, "no-cache")], body: .bytes(Self.document))
    }
}
