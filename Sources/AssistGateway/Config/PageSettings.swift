import AssistWire

/// Which of the browser pages the gateway serves (`pages` in the configuration). Each is on by default and
/// still needs what it stands on: `/demo` is served only under `assist serve --demo` (a loopback host), and
/// `/console` only where the admin API is on. Turning one off makes its paths 404, like any unknown path.
public struct PageSettings: Sendable, Equatable {
    /// `/demo`, the travel app in a browser.
    public var demo = true
    /// `/console`, the operators' page over the admin API.
    public var console = true

    public init() {}

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> PageSettings {
        var settings = PageSettings()
        guard value != nil, let members = reader.object(value, at: path, allowed: ["demo", "console"]) else { return settings }
        settings.demo = reader.bool(members, "demo", at: path, default: true)
        settings.console = reader.bool(members, "console", at: path, default: true)
        return settings
    }
}
