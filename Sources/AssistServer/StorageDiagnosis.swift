public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why the data directory's storage failed, in words an operator can act on.
///
/// SQLite's own message is often too terse to: on a full disk, opening a database whose log must be
/// recreated fails with "disk I/O error" (the shared-memory index cannot be sized), and writing fails with
/// "database or disk is full"; with a file-size limit (`ulimit -f`, systemd's `LimitFSIZE`) the same
/// writes fail with "disk I/O error" too. So the error is followed by what the file system says: the bytes
/// free on the disk holding the data directory, and the file-size limit when there is one.
public enum StorageDiagnosis {
    public static func describe(_ error: any Error, dataDirectory: URL) -> String {
        var facts: [String] = []
        var disk = statvfs()
        if statvfs(dataDirectory.path, &disk) == 0 {
            let free = UInt64(disk.f_bavail) * UInt64(disk.f_frsize)
            facts.append(free == 0 ? "the disk holding \(dataDirectory.path) is full (0 bytes free)"
                                   : "\(free) bytes free on the disk holding \(dataDirectory.path)")
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
            facts.append("files may not grow past \(limit.rlim_cur) bytes (RLIMIT_FSIZE)")
        }
        return (["\(dataDirectory.path): \(error)"] + facts).joined(separator: "; ")
    }
}
