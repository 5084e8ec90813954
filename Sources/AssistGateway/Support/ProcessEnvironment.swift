import Foundation

/// One environment variable, read with `getenv`. `ProcessInfo.environment` copies the whole environment into
/// a dictionary on every call, which `make bench` showed as 3% of the gateway's CPU when read per request
/// (a model alias's API key). The process never calls `setenv` while serving, so reading is safe from any
/// thread.
public enum ProcessEnvironment {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
