/// The browser pages' files (HTML, CSS, JavaScript), handed to the gateway by the assembly (`AssistPages`
/// embeds them), each with the page it belongs to, so that a page turned off takes its own scripts with it.
public struct BrowserPages: Sendable {
    public enum Page: Sendable { case demo, console, shared }

    public struct File: Sendable {
        public var contentType: String
        public var bytes: [UInt8]
        public var page: Page

        public init(contentType: String, bytes: [UInt8], page: Page) {
            self.contentType = contentType
            self.bytes = bytes
            self.page = page
        }
    }

    /// By the path they are served at (`/demo`, `/console`, `/pages/…`).
    public var files: [String: File]

    public init(files: [String: File] = [:]) { self.files = files }
}
