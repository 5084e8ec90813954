public import Foundation

/// A thread of ours, started carrying `name`, as ps, perf, gdb and /proc show it.
///
/// The name is set from inside the thread: on Linux, Foundation names only the thread that sets the name, so a name
/// set before `start()` never reached the system and every thread showed as the process's. Linux keeps at most 15
/// characters of it.
public enum NamedThread {
    /// Starts `body` on a new thread named `name` (cut to 15 characters).
    @discardableResult
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) -> Thread {
        let thread = Thread {
            Thread.current.name = String(name.prefix(15))
            body()
        }
        thread.start()
        return thread
    }
}
