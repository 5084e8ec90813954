import AssistTelemetry
import Foundation
import Synchronization

/// Services started together and stopped in the reverse order, each `run()` in a task of its own.
///
/// The order is the order of dependence: a service may use those before it, so it is stopped before
/// them (the stream watchdog before the curl loop whose transfers it cancels, the curl loop before the
/// model server it talks to). `start()` promises no readiness: a service that must be ready before the
/// next one is used (a model server answering its health check) is made ready before the group starts.
///
/// A `run()` that throws is never lost: the failure is reported as it happens (to standard error by
/// default) and returned again by `shutdown()`.
public final class ServiceGroup: Sendable {
    /// A service's `run()` threw.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let service: String
        public let error: any Error
        public var description: String { "\(service) failed: \(error)" }
    }

    public let services: [any Service]
    private let report: @Sendable (Failure) -> Void
    private let runs = Mutex<[Task<Failure?, Never>]>([])

    /// - Parameter report: told of each failure as it happens, on the failed service's task.
    public init(_ services: [any Service], report: @escaping @Sendable (Failure) -> Void = ServiceGroup.logToStandardError) {
        self.services = services
        self.report = report
    }

    /// Runs each service, in the given order. Call once.
    public func start() {
        runs.withLock { runs in
            for service in services {
                runs.append(Task { [report] in
                    do {
                        try await service.run()
                        return nil
                    } catch {
                        let failure = Failure(service: service.name, error: error)
                        report(failure)
                        return failure
                    }
                })
            }
        }
    }

    /// Stops the services last to first: each is shut down and its `run()` has returned before the one
    /// before it is asked to stop. Returns the failures of the group's whole life, in service order.
    @discardableResult
    public func shutdown() async -> [Failure] {
        let started = runs.withLock { runs in
            defer { runs = [] }
            return runs
        }
        var failures: [Failure] = []
        for (index, service) in services.enumerated().reversed() {
            service.shutdown()
            if index < started.count, let failure = await started[index].value { failures.append(failure) }
        }
        return failures.reversed()
    }

    /// The default report: one line in the process's log, where operators already read the gateway's.
    public static func logToStandardError(_ failure: Failure) {
        Logger().error("\(failure)")
    }
}
