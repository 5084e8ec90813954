import CHiredis
import Glibc

/// One connection to Redis through hiredis's blocking API, used only by the thread that opened it (the
/// subscriber's: commands go through `RedisLoopConnection` on the event loops).
///
/// Every call here blocks its thread, so only a `RedisSubscriber`'s own thread makes them,
/// never a task of the cooperative pool. Each block is bounded: connecting by `connectTimeout`, every read
/// and write by `ioTimeout` (the socket's SO_RCVTIMEO/SO_SNDTIMEO). A timed-out or failed read leaves the
/// protocol stream out of step, so after any I/O failure the connection is `broken` and must be dropped.
///
/// Not `Sendable`: hiredis contexts are not thread-safe, and this one never leaves its thread.
final class RedisConnection {
    private let context: UnsafeMutablePointer<redisContext>
    /// Set by the first failed read or write; the owner then drops the connection.
    private(set) var broken = false

    /// Connects, logs in (`AUTH`) and selects the database, or throws `.unavailable`.
    init(_ url: RedisURL, connectTimeout: Duration, ioTimeout: Duration) throws {
        guard let context = redisConnectWithTimeout(url.host, Int32(url.port), Self.timeval(connectTimeout)) else {
            throw RedisError(.unavailable, "out of memory creating a connection to \(url)")
        }
        guard context.pointee.err == 0 else {
            let message = String(cString: assist_redis_errstr(context))
            redisFree(context)
            throw RedisError(.unavailable, "cannot connect to \(url): \(message)")
        }
        self.context = context
        // hiredis 0.14 opens its socket without close-on-exec: no child process may inherit the connection.
        _ = fcntl(context.pointee.fd, F_SETFD, FD_CLOEXEC)
        _ = redisSetTimeout(context, Self.timeval(ioTimeout))
        _ = redisEnableKeepAlive(context)
        do {
            if let password = url.password {
                _ = try command(url.user.map { ["AUTH", $0, password] } ?? ["AUTH", password])
            }
            if url.database != 0 { _ = try command(["SELECT", String(url.database)]) }
        } catch let error as RedisError {
            throw RedisError(.unavailable, "\(url) refused the login: \(error.message)")
        }
    }

    deinit { redisFree(context) }

    /// The socket, for `poll`.
    var descriptor: Int32 { context.pointee.fd }

    /// One command and its reply; an error reply is thrown as `.server`.
    func command(_ arguments: [String]) throws -> RedisReply {
        try pipeline([arguments.map { Array($0.utf8) }])[0].get()
    }

    /// Sends every command back to back, then reads their replies in order: one round trip for all of them.
    /// An error reply is that command's `.server` failure. Once the connection breaks, that command and every
    /// one after it fail with `.connectionLost` (each may or may not have run).
    func pipeline(_ commands: [[[UInt8]]]) -> [Result<RedisReply, RedisError>] {
        for arguments in commands {
            let appended = Self.withArgv(arguments) { redisAppendCommandArgv(context, $0, $1, $2) }
            if appended != REDIS_OK { return lost(commands.count, "cannot queue a command") }
        }
        var results: [Result<RedisReply, RedisError>] = []
        results.reserveCapacity(commands.count)
        for _ in commands {
            var raw: UnsafeMutableRawPointer?
            guard redisGetReply(context, &raw) == REDIS_OK, let raw else {
                return results + lost(commands.count - results.count, "reading a reply")
            }
            let reply = RedisReply(decoding: raw.assumingMemoryBound(to: redisReply.self))
            freeReplyObject(raw)
            if case .error(let message) = reply { results.append(.failure(RedisError(.server, message))) } else { results.append(.success(reply)) }
        }
        return results
    }

    // MARK: Pub/sub: replies that arrive unasked

    /// Writes a command without waiting for a reply.
    func send(_ arguments: [String]) throws {
        let appended = Self.withArgv(arguments.map { Array($0.utf8) }) { redisAppendCommandArgv(context, $0, $1, $2) }
        guard appended == REDIS_OK else { throw failure("cannot queue a command") }
        var done: Int32 = 0
        repeat {
            guard redisBufferWrite(context, &done) == REDIS_OK else { throw failure("writing") }
        } while done == 0
    }

    /// A reply already read from the socket and complete, if any; never blocks.
    func bufferedReply() throws -> RedisReply? {
        var raw: UnsafeMutableRawPointer?
        guard redisGetReplyFromReader(context, &raw) == REDIS_OK else { throw failure("parsing a reply") }
        guard let raw else { return nil }
        defer { freeReplyObject(raw) }
        return RedisReply(decoding: raw.assumingMemoryBound(to: redisReply.self))
    }

    /// Reads what the socket has (call when `poll` says it is readable); throws once the server has closed it.
    func readAvailable() throws {
        guard redisBufferRead(context) == REDIS_OK else { throw failure("reading") }
    }

    // MARK: -

    private func failure(_ doing: String) -> RedisError {
        broken = true
        let detail = context.pointee.err != 0 ? String(cString: assist_redis_errstr(context)) : "unknown error"
        return RedisError(.connectionLost, "connection lost \(doing): \(detail)")
    }

    private func lost(_ count: Int, _ doing: String) -> [Result<RedisReply, RedisError>] {
        let error = failure(doing)
        return Array(repeating: .failure(error), count: count)
    }

    /// Lays the arguments out as hiredis's argv: pointers into one buffer, with lengths (binary-safe).
    private static func withArgv<R>(_ arguments: [[UInt8]],
                                    _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> R) -> R {
        var flat: [UInt8] = [0]  // never empty, so the buffer always has an address
        var offsets: [Int] = []
        for argument in arguments {
            offsets.append(flat.count)
            flat += argument
        }
        let lengths = arguments.map(\.count)
        return flat.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            var argv: [UnsafePointer<CChar>?] = offsets.map { (base + $0).assumingMemoryBound(to: CChar.self) }
            return argv.withUnsafeMutableBufferPointer { argv in
                lengths.withUnsafeBufferPointer { lengths in body(Int32(arguments.count), argv.baseAddress!, lengths.baseAddress!) }
            }
        }
    }

    static func timeval(_ duration: Duration) -> Glibc.timeval {
        let (seconds, attoseconds) = duration.components
        return Glibc.timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }

    /// Called first by every thread that owns connections: hiredis writes with `write()`, and a write to a
    /// socket the server has closed raises SIGPIPE, which would end the process. Blocked on this thread only,
    /// the signal stays pending here instead and the write fails with EPIPE, which is a lost connection.
    static func prepareThread() {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipe, nil)
    }

    /// Discards a SIGPIPE left pending on this thread by a write to a closed connection.
    static func discardPendingSIGPIPE() {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        var now = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&pipe, nil, &now) == SIGPIPE {}
    }
}
