public import AssistServices
import CCurl
import Foundation
import Synchronization

/// One thread driving a libcurl multi handle: every upstream transfer of its provider runs on it.
///
/// Other threads never touch curl handles; they post commands (start, cancel, unpause) and wake the loop
/// with `curl_multi_wakeup`. Removing a transfer's handle closes its connection at once, which is how a
/// client leaving the gateway becomes the provider seeing its client leave.
///
/// A `Service` owned by its `OpenAICompatibleProvider`. The thread starts with the first transfer or with
/// `run()`, whichever comes first, so a provider that is never used costs no thread and one used without
/// a service group still works. `shutdown()` ends the loop: transfers still running or queued then fail
/// with a transport error, later ones fail at once, and `run()` returns once the thread has ended.
public final class CurlEventLoop: Service {
    enum Command {
        case start(CurlTransfer)
        case cancel(CurlTransfer)
        case unpause(CurlTransfer)
    }

    /// `@unchecked Sendable`: the multi handle is used only on the loop thread, except for
    /// `curl_multi_wakeup`, which libcurl documents as callable from any thread, and `curl_multi_cleanup`
    /// in `deinit`, when the thread (which holds a reference to the loop) has ended.
    private struct MultiHandle: @unchecked Sendable { let pointer: UnsafeMutableRawPointer }

    private enum Phase {
        /// No thread yet.
        case idle
        case running
        /// `shutdown()` was called; the thread, if it ran, ends at its next turn.
        case stopping
        /// The thread has ended, or never ran and never will.
        case stopped
    }

    private struct State {
        var phase = Phase.idle
        var commands: [Command] = []
    }

    public let name = "curl loop"
    private let multi: MultiHandle
    private let state = Mutex(State())
    private let ended = Latch()

    /// libcurl's global set-up, once per process however many loops there are: before 7.84 it is not
    /// thread-safe, and loops may be created on any thread.
    private static let globalInit: Void = { _ = curl_global_init(Int(CURL_GLOBAL_ALL)) }()

    public init() {
        Self.globalInit
        multi = MultiHandle(pointer: curl_multi_init())
        assist_curl_multi_setopt_long(multi.pointer, CURLMOPT_MAX_HOST_CONNECTIONS, 0)
        assist_curl_multi_setopt_long(multi.pointer, CURLMOPT_MAXCONNECTS, 1024)
    }

    deinit { curl_multi_cleanup(multi.pointer) }

    /// Starts the thread unless a transfer already did; returns once it has ended after `shutdown()`.
    public func run() async {
        startThread()
        await ended.wait(onCancel: shutdown)
    }

    /// Ends the loop at its next turn (waking it from its poll); a loop that never ran ends here.
    public func shutdown() {
        let neverRan = state.withLock { state in
            switch state.phase {
            case .idle:
                state.phase = .stopped
                return true
            case .running:
                state.phase = .stopping
            case .stopping, .stopped:
                break
            }
            return false
        }
        if neverRan { ended.open() } else { curl_multi_wakeup(multi.pointer) }
    }

    /// Posts `command` to the loop thread, starting it if this is the first. A transfer started after
    /// `shutdown()` fails at once, as it would had the loop stopped under it.
    func submit(_ command: Command) {
        let accepted = state.withLock { state in
            switch state.phase {
            case .stopping, .stopped: return false
            case .idle, .running:
                state.commands.append(command)
                return true
            }
        }
        guard accepted else {
            if case .start(let transfer) = command { transfer.abandon() }
            return
        }
        startThread()
        curl_multi_wakeup(multi.pointer)
    }

    /// Moves an idle loop to running and starts its thread.
    private func startThread() {
        let start = state.withLock { state in
            guard case .idle = state.phase else { return false }
            state.phase = .running
            return true
        }
        guard start else { return }
        let thread = Thread { [multi, self] in
            loop(multi.pointer)
            ended.open()
        }
        thread.name = "assist-curl-loop"
        thread.start()
    }

    private func loop(_ multi: UnsafeMutableRawPointer) {
        var active: [ObjectIdentifier: CurlTransfer] = [:]
        while true {
            let (commands, stopping) = state.withLock { state -> ([Command], Bool) in
                if state.phase == .stopping { return ([], true) }
                defer { state.commands = [] }
                return (state.commands, false)
            }
            guard !stopping else { break }
            for command in commands {
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
        // Stopping: nothing may be left waiting for a loop that has gone.
        let queued = state.withLock { state in
            state.phase = .stopped
            defer { state.commands = [] }
            return state.commands
        }
        for transfer in active.values {
            transfer.detach(from: multi, result: nil)
            transfer.abandon()
        }
        for case .start(let transfer) in queued { transfer.abandon() }
    }
}
