#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The kernel's random bytes, fetched 256 at a time: a `RandomNumberGenerator` for the ids a request makes (its
/// request id, trace id and span ids).
///
/// `SystemRandomNumberGenerator` makes one `getrandom` system call per `next()`, so a request's ids cost four or
/// more calls; the bench's system-call profile counted them among the most frequent on the request's path. The
/// bytes here are the same kernel CSPRNG's, only fetched in bulk into one process-wide pool under a lock, and each
/// is handed out once. The process never forks without `exec` (children are started with `Process`), so no two
/// processes share a pool.
public struct PooledRandom: RandomNumberGenerator, Sendable {
    public init() {}

    public mutating func next() -> UInt64 { Self.pool.withLock { $0.next() } }

    /// Fills `buffer` from the pool, under one hold of its lock.
    public static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        pool.withLock { pool in
            var offset = 0
            while offset < buffer.count {
                var word = pool.next()
                let count = min(8, buffer.count - offset)
                withUnsafeBytes(of: &word) { buffer.baseAddress!.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: count) }
                offset += count
            }
        }
    }

    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    private static let pool = Mutex(Pool())

    private struct Pool: ~Copyable {
        static let words = 32  // 256 bytes, the most one `getentropy` returns
        var buffer = [UInt64](repeating: 0, count: words)
        var used = words

        mutating func next() -> UInt64 {
            if used == Self.words { refill() }
            defer { used += 1 }
            return buffer[used]
        }

        /// One `getentropy` (the kernel's `getrandom`) for the whole buffer; should it fail, the buffer comes from
        /// `SystemRandomNumberGenerator`, word by word.
        private mutating func refill() {
            let filled = buffer.withUnsafeMutableBytes { getentropy($0.baseAddress, $0.count) } == 0 ? Self.words : 0
            var system = SystemRandomNumberGenerator()
            for index in filled..<Self.words { buffer[index] = system.next() }
            used = 0
        }
    }
}
