/// One server-sent event of the stream, as the app sees it.
///
/// On the wire each is one `data:` line holding a JSON object with a `kind`, followed by a blank line.
/// A stream ends with exactly one `done` or one `error`; after some deltas a failure is still an `error`
/// event, never a silent close, so the app can tell a finished answer from a broken one.
public enum AssistEvent: Sendable, Equatable {
    /// Before any delta: data the gateway read from its own records (not from the model), for the app to
    /// show beside the model's text, e.g. `{"booking": {"id", "version", "segments": [...]}}`.
    case facts(JSONValue)
    case delta(text: String)
    /// `cached`: the text was generated for an earlier request and served from the gateway's store.
    /// `source`: who wrote the text, for features whose answers are guarded: `model`, or `narrator` (a
    /// template over the app's own data; an app labels it "from your booking", not as AI); nil (not sent) for
    /// other features, whose text is the model's. `withheld`: sentences the guard held back for failing a check.
    case done(finishReason: String, promptVersion: String, cached: Bool = false, source: AnswerOrigin? = nil, withheld: Int = 0)
    case error(code: ErrorCode)

    /// The JSON object carried by the event's `data:` line.
    public var json: JSONValue {
        switch self {
        case .facts(let facts): Self.factsObject(facts)
        case .delta(let text): ["kind": "delta", "text": .string(text)]
        case .done(let reason, let version, let cached, let source, let withheld):
            Self.doneObject(reason: reason, version: version, cached: cached, source: source, withheld: withheld)
        case .error(let code): ["kind": "error", "code": .string(code.rawValue)]
        }
    }

    /// Only what differs from the defaults is sent, so a plain answer's `done` is as it always was.
    private static func doneObject(reason: String, version: String, cached: Bool, source: AnswerOrigin?, withheld: Int) -> JSONValue {
        var members: [String: JSONValue] = ["kind": "done", "finishReason": .string(reason), "promptVersion": .string(version)]
        if cached { members["cached"] = true }
        if let source { members["source"] = .string(source.rawValue) }
        if withheld > 0 { members["withheld"] = .number(Double(withheld)) }
        return .object(members)
    }

    /// The facts' members with `"kind": "facts"` added (a non-object is wrapped as `"facts"`).
    private static func factsObject(_ facts: JSONValue) -> JSONValue {
        guard case .object(var members) = facts else { return ["kind": "facts", "facts": facts] }
        members["kind"] = "facts"
        return .object(members)
    }

    /// Decodes an event's data. Returns nil for a kind this version does not know, so newer gateways
    /// can add kinds without breaking older apps.
    public init?(json: JSONValue) throws(WireError) {
        guard let kind = json["kind"]?.stringValue else { throw WireError("event without \"kind\"", path: "kind") }
        switch kind {
        case "facts":
            guard case .object(var members) = json else { throw WireError("facts must be an object") }
            members["kind"] = nil
            self = .facts(.object(members))
        case "delta":
            guard let text = json["text"]?.stringValue else { throw WireError("delta without text", path: "text") }
            self = .delta(text: text)
        case "done":
            guard let reason = json["finishReason"]?.stringValue, let version = json["promptVersion"]?.stringValue else {
                throw WireError("done without finishReason/promptVersion")
            }
            self = .done(finishReason: reason, promptVersion: version, cached: json["cached"]?.boolValue ?? false,
                         source: json["source"]?.stringValue.map(AnswerOrigin.init(rawValue:)), withheld: json["withheld"]?.intValue ?? 0)
        case "error":
            guard let code = json["code"]?.stringValue else { throw WireError("error without code", path: "code") }
            self = .error(code: ErrorCode(rawValue: code))
        default:
            return nil
        }
    }

    /// The events of a whole `text/event-stream` body, in order; an event that is not valid JSON, or of a kind
    /// this version does not know, is left out (as a client skips it). For bodies read to the end (evaluation,
    /// tests); a client reading as bytes arrive feeds an `SSEDecoder` itself.
    public static func events(inBody body: [UInt8]) -> [AssistEvent] {
        var decoder = SSEDecoder()
        return ((try? decoder.feed(body)) ?? []).compactMap { event in
            guard let json = try? JSONParser.parse(event.data) else { return nil }
            return (try? AssistEvent(json: json)) ?? nil
        }
    }

    /// The complete SSE frame: `data: <json>\n\n`.
    ///
    /// Deltas are the hot path (one per token), so they are spliced into a fixed byte template instead of
    /// going through a general encoder.
    public var sseFrame: [UInt8] {
        var out: [UInt8] = []
        switch self {
        case .delta(let text):
            out.reserveCapacity(text.utf8.count + 40)
            out.append(contentsOf: SSEFrames.deltaPrefix)
            JSONWriter.writeString(text, into: &out)
            out.append(contentsOf: SSEFrames.eventSuffix)
        default:
            out.append(contentsOf: SSEFrames.dataPrefix)
            JSONWriter.write(json, into: &out)
            out.append(contentsOf: [0x0A, 0x0A])
        }
        return out
    }
}

/// Who wrote an answer's text (`done.source`). Open: a newer gateway may name other writers.
public struct AnswerOrigin: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    /// The model's text, released sentence by sentence after the feature's checks.
    public static let model: AnswerOrigin = "model"
    /// A deterministic template over the app's own data.
    public static let narrator: AnswerOrigin = "narrator"
}

public enum SSEFrames {
    static let dataPrefix = Array("data: ".utf8)
    static let deltaPrefix = Array("data: {\"kind\":\"delta\",\"text\":".utf8)
    static let eventSuffix = Array("}\n\n".utf8)
    /// A comment line: keeps proxies from timing out an idle stream; decoders ignore it.
    public static let ping = Array(": ping\n\n".utf8)
}
