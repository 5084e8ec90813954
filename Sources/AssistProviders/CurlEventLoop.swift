import CCurl
import Foundation
import Synchronization

/// One thread driving a libcurl multi handle: every upstream transfer of the process runs on it.
///
/// Other threads never touch curl handles; they post commands (start, cancel, unpause) and wake the loop
/// with `curl_multi_wakeup`. Removing a transfer's handle closes its connection at once, which is how a
/// client leaving the gateway becomes the provider seeing its client leave.
final class CurlEventLoop: Sendable {
    enum Command {
        case start(CurlTransfer)
        case cancel(CurlTransfer)
        case unpause(CurlTransfer)
    }

    /// `@unchecked Sendable`: the multi handle is used only on the loop thread, except for
    /// `curl_multi_wakeup`, which libcurl documents as callable from any thread.
    private struct MultiHandle: @unchecked Sendable { let pointer: UnsafeMutableRawPointer }

    private let multi: MultiHandle
    private let commands = Mutex<[Command]>([])

    static let shared = CurlEventLoop()

    private init() {
        curl_global_init(Int(CURL_GLOBAL_ALL))
        multi = MultiHandle(pointer: curl_multi_init())
        assist_curl_multi_setopt_long(multi.pointer, CURLMOPT_MAX_HOST_CONNECTIONS, 0)
        assist_curl_multi_setopt_long(multi.pointer, CURLMOPT_MAXCONNECTS, 1024)
        let thread = Thread { [multi, self] in self.run(multi.pointer) }
        thread.name = "assist-curl-loop"
        thread.start()
    }

    func submit(_ command: Command) {
        commands.withLock { $0.append(command) }
        curl_multi_wakeup(multi.pointer)
    }

    private func run(_ multi: UnsafeMutableRawPointer) {
        var active: [ObjectIdentifier: CurlTransfer] = [:]
        while true {
            for command in commands.withLock({ commands in defer { commands = [] }; return commands }) {
                switch command {
                case .start(let transfer):
                    if transfer.attach(to: multi) { active[ObjectIdentifier(transfer)] = transfer }
                case .cancel(let transfer):
                    if active.removeValue(forKey: ObjectIdentifier(transfer)) != nil { transfer.detach(from: multi, result: nil) }
                case .unpause(let transfer):
                    if active[ObjectIdentifier(transfer)] != nil { transfer.unpause() }
                }
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var remaining: Int32 = 0
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let result = message.pointee.data.result
                if let transfer = active.first(where: { $0.value.easy == easy })?.value {
                    active.removeValue(forKey: ObjectIdentifier(transfer))
                    transfer.detach(from: multi, result: result)
                }
            }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }
}
