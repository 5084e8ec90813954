public import AssistWire
public import Foundation
import Synchronization

/// The inputs of recent requests, by request id, for a short while, so that a user's "wrong" verdict can
/// be stored with what was asked and later become a golden case (`assist feedback export`).
///
/// Inputs are content, so they are never in the audit; they live only in memory, for `window` (default one
/// hour), at most `capacity` requests and `maxBytes` of them, and are copied into the feedback store only when the
/// user sends feedback on that request.
///
/// Every entry is appended to one buffer (`RecentRequestLog`), oldest first, and found through an index of hashed
/// ids: remembering a request allocates nothing of its own. Kept as a dictionary of values, each request left a
/// few small allocations that outlived it among the memory of its connection and stream, which it kept the
/// allocator from giving back: after a burst of 5,000 streams the gateway stayed 25 MiB larger, not for the
/// inputs (about 0.3 MiB) but for the pages they pinned (`make bench`, phase `streams`).
public final class RecentRequests: Sendable {
    public struct Entry: Sendable, Equatable {
        public var input: [String: JSONValue]
        public var locale: String
        public var at: Date

        public init(input: [String: JSONValue], locale: String, at: Date) {
            self.input = input
            self.locale = locale
            self.at = at
        }
    }

    private let log: Mutex<RecentRequestLog>
    private let window: TimeInterval
    private let capacity: Int
    private let clock: any WallClock

    /// - Parameter maxBytes: what the remembered entries may take at most, ids and inputs included; past it the
    ///   oldest go first, as past `capacity`. A request whose entry alone is larger is not remembered.
    public init(window: TimeInterval = 3600, capacity: Int = 10_000, maxBytes: Int = 16 << 20, clock: any WallClock = SystemWallClock()) {
        self.window = window
        self.capacity = capacity
        self.clock = clock
        log = Mutex(RecentRequestLog(maxBytes: maxBytes))
    }

    public func remember(_ requestId: String, input: [String: JSONValue], locale: String) {
        let now = clock.now()
        let (capacity, window) = (capacity, window)
        log.withLock { log in
            log.append(id: requestId, locale: locale, at: now, input: input)
            log.evict { count, at in count > capacity || now.timeIntervalSince(at) > window }
        }
    }

    /// The input of `requestId` if it is still remembered.
    public func entry(for requestId: String) -> Entry? {
        let now = clock.now()
        // The input was written by `JSONWriter` from an object, so it parses back to one.
        guard let stored = log.withLock({ $0.entry(id: requestId) }), now.timeIntervalSince(stored.at) <= window,
              let input = try? JSONParser.parse(stored.input).objectValue else { return nil }
        return Entry(input: input, locale: stored.locale, at: stored.at)
    }

    public var count: Int { log.withLock { $0.count } }
}

/// Entries in one byte buffer, oldest first, each: its size (UInt32), the time (a `Double`'s bits, UInt64), the
/// id's length (UInt32) and bytes, the locale's likewise, then the input as JSON. An index maps a hash of the id to
/// the entry's position; a lookup compares the id's bytes, so a hash two ids share finds only the newer one (the
/// older is forgotten early, never confused).
struct RecentRequestLog {
    struct Stored {
        var locale: String
        var at: Date
        var input: ArraySlice<UInt8>
    }

    private var bytes: [UInt8] = []
    /// Where the oldest live entry starts in `bytes`.
    private var head = 0
    /// Bytes dropped from the front of `bytes` so far: the index holds positions counted from the first entry
    /// ever, which compaction does not move.
    private var dropped = 0
    private var index: [UInt64: Int] = [:]
    private(set) var count = 0
    let maxBytes: Int

    /// At most 4 GiB, so that every length in an entry fits its UInt32.
    init(maxBytes: Int) { self.maxBytes = min(max(0, maxBytes), Int(UInt32.max)) }

    /// The bytes the live entries take.
    var liveBytes: Int { bytes.count - head }

    mutating func append(id: String, locale: String, at: Date, input: [String: JSONValue]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 4))
        put(at.timeIntervalSinceReferenceDate.bitPattern)
        put(id.utf8)
        put(locale.utf8)
        JSONWriter.write(.object(input), into: &bytes)
        let size = bytes.count - start
        guard size <= maxBytes, let size32 = UInt32(exactly: size) else {
            bytes.removeSubrange(start...)
            return
        }
        withUnsafeBytes(of: size32.littleEndian) { bytes.replaceSubrange(start..<start + 4, with: $0) }
        index[Self.hash(id)] = dropped + start
        count += 1
    }

    /// Drops the oldest entries while `expired(count, time of the oldest)` says so or the entries take more than
    /// `maxBytes`; compacts the buffer once half of it is dropped entries.
    mutating func evict(while expired: (Int, Date) -> Bool) {
        while count > 0, expired(count, time(at: head)) || liveBytes > maxBytes {
            let (id, _) = field(at: head + 12)
            let hash = bytes[id].withUnsafeBytes(Self.hash)
            if index[hash] == dropped + head { index[hash] = nil }
            head += size(at: head)
            count -= 1
        }
        if head >= 4096, head * 2 >= bytes.count {
            bytes.removeSubrange(..<head)
            dropped += head
            head = 0
        }
    }

    func entry(id: String) -> Stored? {
        guard let position = index[Self.hash(id)] else { return nil }
        let start = position - dropped
        let (idRange, localeStart) = field(at: start + 12)
        guard bytes[idRange].elementsEqual(id.utf8) else { return nil }
        let (localeRange, inputStart) = field(at: localeStart)
        return Stored(locale: String(decoding: bytes[localeRange], as: UTF8.self), at: time(at: start),
                      input: bytes[inputStart..<start + size(at: start)])
    }

    private mutating func put(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func put(_ text: String.UTF8View) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: text.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: text)
    }

    private func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        T(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) })
    }

    private func size(at start: Int) -> Int { Int(integer(UInt32.self, at: start)) }
    private func time(at start: Int) -> Date { Date(timeIntervalSinceReferenceDate: Double(bitPattern: integer(UInt64.self, at: start + 4))) }

    /// A length-prefixed field at `offset`: its bytes, and where the next field starts.
    private func field(at offset: Int) -> (Range<Int>, next: Int) {
        let length = Int(integer(UInt32.self, at: offset))
        return (offset + 4..<offset + 4 + length, offset + 4 + length)
    }

    private static func hash(_ id: String) -> UInt64 {
        var id = id
        return id.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    private static func hash(_ id: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: id)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}
