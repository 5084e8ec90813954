import AssistWire
public import Foundation

/// Completed itinerary summaries on disk, so a trip's summary opens in airplane mode.
///
/// Keyed by booking id, booking version (from the app's own booking data), prompt version and locale: a
/// changed booking or a new prompt is a miss, never a stale answer. Only summaries whose stream ended in
/// `done` belong here. Each entry is one file written atomically (temporary file, then rename), so a
/// reader sees the old entry or the new one, never half of one; a file that does not parse is a miss.
public struct SummaryCache: Sendable {
    public struct Key: Sendable, Hashable {
        public var bookingId: String
        public var bookingVersion: Int
        public var promptVersion: String
        public var locale: String
        public init(bookingId: String, bookingVersion: Int, promptVersion: String, locale: String) {
            self.bookingId = bookingId
            self.bookingVersion = bookingVersion
            self.promptVersion = promptVersion
            self.locale = locale
        }

        var json: JSONValue {
            ["bookingId": .string(bookingId), "bookingVersion": .number(Double(bookingVersion)),
             "promptVersion": .string(promptVersion), "locale": .string(locale)]
        }

        /// A file name that cannot escape the directory whatever the id holds: a hash of the whole key (the
        /// file also stores the key, so a collision reads as a miss, not as another booking's summary).
        var fileName: String {
            let bytes = JSONWriter.bytes(json)
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: a stable name, not a security boundary
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return "summary-" + String(hash, radix: 16) + ".json"
        }
    }

    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// The cached summary, or nil (no entry, another key in the file, or a corrupt file).
    public func summary(for key: Key) -> String? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(key.fileName)),
              let json = try? JSONParser.parse(Array(data)), json["key"] == key.json else { return nil }
        return json["text"]?.stringValue
    }

    /// Stores a completed summary, replacing any entry for the same key.
    public func store(_ text: String, for key: Key) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let entry: JSONValue = ["key": key.json, "text": .string(text)]
        let final = directory.appendingPathComponent(key.fileName)
        let temporary = directory.appendingPathComponent(".\(key.fileName).\(UUID().uuidString).tmp")
        try Data(JSONWriter.bytes(entry)).write(to: temporary)
        if rename(temporary.path, final.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}

extension SummaryCache {
    /// The summary for `key`: from disk when present, with no network at all; otherwise streamed from the
    /// gateway (each delta handed to `onDelta` as it arrives) and stored only if the stream ends in `done`.
    /// A stopped or failed stream is never cached: a half summary must not pass for a whole one offline.
    public func summary(for key: Key, request: AssistRequest, client: AssistClient,
                        onDelta: @Sendable (String) -> Void = { _ in }) async throws -> String {
        if let cached = summary(for: key) { return cached }
        var text = ""
        for try await event in client.stream(request) {
            switch event {
            case .facts:
                continue
            case .delta(let delta):
                text += delta
                onDelta(delta)
            case .done(_, let promptVersion, _, _, _):
                // The key names the prompt version the app expected; store under the one that answered.
                var served = key
                served.promptVersion = promptVersion
                try? store(text, for: served)
                return text
            case .error(let code):
                throw AssistClientError.stream(code: code)
            }
        }
        throw AssistClientError.incomplete
    }
}
