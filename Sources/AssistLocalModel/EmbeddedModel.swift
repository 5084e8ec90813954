import CLinux
import Foundation

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
        configuration.port = port == 0 ? Int(max(0, assist_free_loopback_port())) : port  // 0 if none could be had
        return configuration
    }

    public static func supervisor(port: Int) -> LlamaServerSupervisor {
        LlamaServerSupervisor(configuration: configuration(port: port))
    }
}
