/// An incremental decoder for `text/event-stream`, following the WHATWG HTML "server-sent events"
/// parsing rules.
///
/// Feed it bytes exactly as they arrive; chunk boundaries may fall anywhere, even inside a CRLF pair or a
/// UTF-8 sequence, because lines are split on bytes and decoded only when complete. CR, LF and CRLF all
/// end a line; a leading BOM is stripped once; lines starting with `:` are comments (pings); a field
/// without a colon has an empty value; one space after the colon is removed; several `data` lines are
/// joined with LF; an event is dispatched only on a blank line, so an unterminated last event is
/// discarded by `finish()`. `id` values containing NUL are ignored.
///
/// Foundation's `lines` cannot be used instead: it drops empty lines, which are the event boundaries.
public struct SSEDecoder: Sendable {
    public struct Event: Sendable, Equatable {
        public var type: String
        public var data: String
        public var id: String?
        public init(type: String = "message", data: String, id: String? = nil) {
            self.type = type
            self.data = data
            self.id = id
        }
    }

    /// The longest line the decoder keeps; a longer one is an error rather than unbounded memory.
    public let maxLineBytes: Int

    private var line: [UInt8] = []
    private var sawCR = false
    private var checkedBOM = false
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType = ""
    private var lastEventId: String?
    private var pendingBOM: [UInt8] = []

    public struct LineTooLong: Error, Sendable {}

    public init(maxLineBytes: Int = 1 << 20) {
        self.maxLineBytes = maxLineBytes
    }

    /// The id of the last event seen, as `Last-Event-ID` would carry it on a reconnect.
    public var lastId: String? { lastEventId }

    /// An event as `feed(_:each:)` lends it: `data` points into the decoder's own buffer and is valid only
    /// during the call it is given to. Nothing is copied or made into a String, so a relay that reads the data's
    /// bytes directly (the provider's chunk scanner) pays no allocation per event.
    public struct EventView {
        /// The event's type, "message" when the stream named none.
        public let type: String
        public let data: UnsafeBufferPointer<UInt8>
        public let id: String?

        public init(type: String = "message", data: UnsafeBufferPointer<UInt8>, id: String? = nil) {
            self.type = type
            self.data = data
            self.id = id
        }

        /// The event copied out of the decoder.
        public var event: Event { Event(type: type, data: String(decoding: data, as: UTF8.self), id: id) }
    }

    /// Consumes `bytes` and returns the events completed by them, in order.
    ///
    /// Contiguous bytes (an array, a buffer) are scanned as they are; anything else is gathered into an array
    /// first. (Iterating a generic sequence byte by byte from another module runs unspecialised, and cost
    /// microseconds per relayed chunk.)
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(LineTooLong) -> [Event] {
        var events: [Event] = []
        var failure: LineTooLong?
        let collect: (EventView) -> Bool = { events.append($0.event); return true }
        let scanned: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(LineTooLong) { _ = try scan(buffer, collect) } catch { failure = error }
        }
        if scanned == nil {
            [UInt8](bytes).withUnsafeBufferPointer { buffer in
                do throws(LineTooLong) { _ = try scan(buffer, collect) } catch { failure = error }
            }
        }
        if let failure { throw failure }
        return events
    }

    /// Consumes `bytes`, lending each event they complete to `handle`, in order, as it completes. `handle`
    /// returns false to stop: the rest of `bytes` is then not decoded, and the decoder is not to be fed again.
    /// Returns whether every event was handled.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, each handle: (EventView) -> Bool) throws(LineTooLong) -> Bool {
        try scan(bytes, handle)
    }

    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, _ handle: (EventView) -> Bool) throws(LineTooLong) -> Bool {
        var index = 0
        while index < buffer.count, !checkedBOM {
            guard try checkBOM(buffer[index], handle) else { return false }
            index += 1
        }
        while index < buffer.count {
            if sawCR {
                sawCR = false
                if buffer[index] == 0x0A {  // the LF of a CRLF pair already ended the line
                    index += 1
                    continue
                }
            }
            let end = ByteSearch.firstLineBreak(in: buffer, from: index)
            if end > index {
                guard line.count + (end - index) <= maxLineBytes else { throw LineTooLong() }
                line.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<end]))
            }
            guard end < buffer.count else { return true }
            sawCR = buffer[end] == 0x0D
            guard endLine(handle) else { return false }
            index = end + 1
        }
        return true
    }

    /// One of the stream's first bytes, while a byte-order mark may still be arriving: a whole mark is
    /// dropped; anything else ends the check and is decoded, with the mark's first bytes it followed.
    private mutating func checkBOM(_ byte: UInt8, _ handle: (EventView) -> Bool) throws(LineTooLong) -> Bool {
        pendingBOM.append(byte)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if pendingBOM == Array(bom.prefix(pendingBOM.count)) {
            if pendingBOM.count == 3 { checkedBOM = true; pendingBOM = [] }
            return true
        }
        checkedBOM = true
        let replay = pendingBOM
        pendingBOM = []
        for b in replay { guard try consume(b, handle) else { return false } }
        return true
    }

    /// Ends the stream: an event without its terminating blank line is discarded, per the standard, and
    /// so are the bytes of a line not yet ended, a byte-order mark's first bytes included.
    public mutating func finish() {
        pendingBOM = []
        checkedBOM = true
        line = []
        sawCR = false
        data = []
        hasData = false
        eventType = ""
    }

    private mutating func consume(_ byte: UInt8, _ handle: (EventView) -> Bool) throws(LineTooLong) -> Bool {
        if sawCR {
            sawCR = false
            if byte == 0x0A { return true }  // the LF of a CRLF pair already ended the line
        }
        switch byte {
        case 0x0D:
            sawCR = true
            return endLine(handle)
        case 0x0A:
            return endLine(handle)
        default:
            guard line.count < maxLineBytes else { throw LineTooLong() }
            line.append(byte)
            return true
        }
    }

    /// Ends the line gathered so far; a blank one dispatches the event. False when `handle` stopped.
    private mutating func endLine(_ handle: (EventView) -> Bool) -> Bool {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return dispatch(handle) }
        if line[0] == UInt8(ascii: ":") { return true }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = []
        }
        // Compared as bytes: a field name made into a String first cost a validation per line.
        if ("data" as StaticString).isSpelled(by: field) {
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        } else if ("event" as StaticString).isSpelled(by: field) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if ("id" as StaticString).isSpelled(by: field) {
            if !value.contains(0) { lastEventId = String(decoding: value, as: UTF8.self) }
        }  // "retry" and unknown fields do not affect decoding here
        return true
    }

    private mutating func dispatch(_ handle: (EventView) -> Bool) -> Bool {
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventType = ""
        }
        guard hasData else { return true }
        let (type, id) = (eventType.isEmpty ? "message" : eventType, lastEventId)
        return data.withUnsafeBufferPointer { handle(EventView(type: type, data: $0, id: id)) }
    }
}
