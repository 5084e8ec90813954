import CLinux
import Foundation

/// SIGINT and SIGTERM, caught from the moment `catch()` returns.
///
/// The handler is installed synchronously, before the gateway says it is listening: a supervisor (or a test)
/// that sends SIGTERM as soon as it reads the banner must get a drain, never a signal lost in the gap while a
/// dispatch signal source registers (which once left a gateway running after its SIGTERM).
struct TerminationSignal {
    private let descriptor: Int32

    /// Installs the handler; nil only when no pipe can be made or the handler cannot be installed.
    static func `catch`() -> TerminationSignal? {
        let descriptor = assist_catch_termination()
        return descriptor >= 0 ? TerminationSignal(descriptor: descriptor) : nil
    }

    /// The number of the first signal caught since `catch()`, waiting on a thread of its own for it.
    func next() async -> Int32 {
        let descriptor = descriptor
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                var byte: UInt8 = 0
                while read(descriptor, &byte, 1) < 0, errno == EINTR {}
                continuation.resume(returning: Int32(byte))
            }
            thread.name = "assist-signals"
            thread.start()
        }
    }
}
