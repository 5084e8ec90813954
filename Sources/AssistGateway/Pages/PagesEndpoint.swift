import AssistHTTP

/// `GET /demo`, `GET /console` and their files under `/pages/`: plain HTML, CSS and JavaScript, the same bytes
/// every time, that use the API exactly as an app or an operator would.
///
/// A page is served only where what it stands on is on: `/demo` under `--demo` (`DemoLogin`) and
/// `pages.demo`; `/console` where the admin API is (an admin token) and `pages.console`. Otherwise its paths
/// are 404 like any unknown path. Every file goes out with a Content-Security-Policy that allows scripts,
/// styles and requests from this origin only, no inline script or style, no framing and no form posts: the
/// pages set all dynamic text with `textContent`, and a `<script>` a user typed into feedback stays text.
struct PagesEndpoint: Sendable {
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    let dependencies: GatewayDependencies

    /// Whether `path` is one of the pages' files (served or not).
    func owns(_ path: String) -> Bool { dependencies.pages.files[path] != nil }

    func handle(_ request: HTTPRequest) throws(GatewayError) -> HTTPResponse {
        guard let file = dependencies.pages.files[request.path], isServed(file.page) else { throw GatewayError.notFound }
        guard request.method == .get || request.method == .head else { throw .methodNotAllowed(request.method, allowed: [.get]) }
        return HTTPResponse(status: .ok, headers: [
            (.contentType, file.contentType), (.cacheControl, "no-cache"), ("Content-Security-Policy", Self.contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
        ], body: .bytes(request.method == .head ? [] : file.bytes))
    }

    func isServed(_ page: BrowserPages.Page) -> Bool {
        let demo = dependencies.config.pages.demo && dependencies.security.demoLogin != nil
        let console = dependencies.config.pages.console && dependencies.security.adminToken != nil
        switch page {
        case .demo: return demo
        case .console: return console
        case .shared: return demo || console
        }
    }
}
