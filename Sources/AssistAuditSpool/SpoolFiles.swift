import Foundation
import Glibc

/// An audit spool's files, in a directory of their own (0700; each file 0600):
///
/// - `journal.N`: the append-only journal of generation N, one `SpoolEntry` per line. Compaction writes the
///   unshipped tail to `journal.N+1.tmp`, syncs it and renames it into place, so a generation's journal is
///   always whole; at open the highest generation is the journal and older ones (and any `.tmp`) are removed.
/// - `shipped`: how far generation N has been shipped, `GENERATION OFFSET CRC` in a fixed width, overwritten in
///   place. A mark that is unreadable, torn, or names another generation means "nothing shipped": the whole
///   journal is sent again, which the remote's upsert by request id makes harmless.
/// - `lock`: held (`flock`) while a store has the spool open, so two processes never append to one journal.
struct SpoolFiles: Sendable {
    let directory: String

    func journal(_ generation: Int) -> String { directory + "/journal.\(generation)" }
    var shipped: String { directory + "/shipped" }
    var lock: String { directory + "/lock" }

    /// Creates the directory (0700) if needed and takes its lock; returns the lock's descriptor, which holds
    /// the lock until closed. Throws when the directory cannot be made or another process holds the lock.
    func prepare() throws -> Int32 {
        if mkdir(directory, 0o700) == 0 {
            try Self.syncDirectory((directory as NSString).deletingLastPathComponent)  // the new directory survives a crash
        } else if errno != EEXIST {
            throw SpoolError("cannot create", directory)
        }
        guard chmod(directory, 0o700) == 0 else { throw SpoolError("cannot restrict to 0700", directory) }
        let fd = try open(lock, flags: O_RDWR | O_CREAT)
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let error = SpoolError("cannot lock (is another process using this spool?)", lock)
            close(fd)
            throw error
        }
        return fd
    }

    /// The generations of the journals present, ascending; removes leftover `.tmp` files.
    func generations() throws -> [Int] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        for name in names where name.hasPrefix("journal.") && name.hasSuffix(".tmp") { unlink(directory + "/" + name) }
        return names.compactMap { $0.hasPrefix("journal.") ? Int($0.dropFirst("journal.".count)) : nil }.sorted()
    }

    /// Opens (creating if asked) a file of the spool, 0600 whatever the umask, never through a symbolic link.
    func open(_ path: String, flags: Int32) throws -> Int32 {
        let fd = Glibc.open(path, flags | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw SpoolError("cannot open", path) }
        guard fchmod(fd, 0o600) == 0 else {
            let error = SpoolError("cannot restrict to 0600", path)
            close(fd)
            throw error
        }
        return fd
    }

    /// Makes renames and creations in the directory durable.
    func syncDirectory() throws { try Self.syncDirectory(directory) }

    private static func syncDirectory(_ directory: String) throws {
        let fd = Glibc.open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw SpoolError("cannot open", directory) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw SpoolError("cannot sync", directory) }
    }
}

/// A spool file operation that failed, with the path and the system's reason.
public struct SpoolError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ what: String, _ path: String, errno code: Int32 = errno) {
        description = "audit spool: \(what) \(path): \(String(cString: strerror(code)))"
    }

    init(message: String) { description = "audit spool: \(message)" }
}

/// Whole reads and writes at an offset, retried across short transfers and signals.
enum FileIO {
    static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int, path: String) throws {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw SpoolError("cannot write", path) }
            done += count
        }
    }

    /// Up to `count` bytes from `offset`; fewer only at the end of the file.
    static func read(_ fd: Int32, count: Int, at offset: Int, path: String) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw SpoolError("cannot read", path) }
            if read == 0 { break }
            done += read
        }
        return Array(buffer.prefix(done))
    }

    static func size(_ fd: Int32, path: String) throws -> Int {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw SpoolError("cannot stat", path) }
        return Int(status.st_size)
    }
}
