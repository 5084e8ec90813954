public import AssistGateway

/// The browser pages as the gateway serves them: `/demo` (the travel app) and `/console` (the operators'),
/// with their scripts and style under `/pages/`. Written as plain files in `Resources/` (no build step, no
/// library, nothing fetched from elsewhere, so they work offline) and compiled into the binary.
public enum PageFiles {
    public static var pages: BrowserPages {
        let html = "text/html; charset=utf-8", script = "text/javascript; charset=utf-8"
        return BrowserPages(files: [
            "/demo": .init(contentType: html, bytes: PackageResources.demo_html, page: .demo),
            "/pages/demo.js": .init(contentType: script, bytes: PackageResources.demo_js, page: .demo),
            "/console": .init(contentType: html, bytes: PackageResources.console_html, page: .console),
            "/pages/console.js": .init(contentType: script, bytes: PackageResources.console_js, page: .console),
            "/pages/page.js": .init(contentType: script, bytes: PackageResources.page_js, page: .shared),
            "/pages/sse.js": .init(contentType: script, bytes: PackageResources.sse_js, page: .shared),
            "/pages/pages.css": .init(contentType: "text/css; charset=utf-8", bytes: PackageResources.pages_css, page: .shared),
        ])
    }
}
