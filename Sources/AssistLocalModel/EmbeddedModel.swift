import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where `make setup` put the embedded model: llama-server and SmolLM2-135M-Instruct in the cache directory
/// (`$ASSIST_CACHE`, default `~/.cache/assist`), each overridable (`ASSIST_LLAMA_SERVER`, `ASSIST_MODEL`).
public enum EmbeddedModel {
    public static var cacheDirectory: String {
        ProcessInfo.processInfo.environment["ASSIST_CACHE"] ?? (NSHomeDirectory() + "/.cache/assist")
    }

    /// A supervisor configuration for the embedded model on `port` (0 picks a free one).
    public static func configuration(port: Int) -> LlamaServerSupervisor.Configuration {
        let environment = ProcessInfo.processInfo.environment
        var configuration = LlamaServerSupervisor.Configuration(
            binary: environment["ASSIST_LLAMA_SERVER"] ?? cacheDirectory + "/llama-server-11434.0.0/llama-server",
            model: environment["ASSIST_MODEL"] ?? cacheDirectory + "/SmolLM2-135M-Instruct.gguf")
        configuration.port = port == 0 ? freeLoopbackPort() : port
        return configuration
    }

    public static func supervisor(port: Int) -> LlamaServerSupervisor {
        LlamaServerSupervisor(configuration: configuration(port: port))
    }

    /// A loopback port nothing listens on right now.
    public static func freeLoopbackPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
