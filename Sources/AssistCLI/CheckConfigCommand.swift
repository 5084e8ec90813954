import AssistGateway
import AssistServer
import Foundation

/// `assist check-config FILE`: exit 0 when valid; otherwise every issue with its path on stderr, exit 1.
enum CheckConfigCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1 else { return Usage.fail("check-config takes exactly one FILE") }
        switch loadConfiguration(arguments[0]) {
        case .success(let config):
            print("\(arguments[0]): valid (\(config.features.count) features, \(config.models.count) model aliases, \(config.storage.kind.rawValue) storage)")
            return 0
        case .failure(let error):
            FileHandle.standardError.write(Data((error.message + "\n").utf8))
            return 1
        }
    }
}
