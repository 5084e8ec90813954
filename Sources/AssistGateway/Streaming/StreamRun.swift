import AssistHTTP
import AssistTelemetry
import AssistWire

/// After admission: stream the answer as server-sent events, then end the request (its reservation given
/// back, its audit row written), whatever way the stream ended.
///
/// A ping is written before the provider is even called, so proxies see bytes at once (the server sends it with the
/// response's head as soon as the call has left, `ServedConnection.headHeld`); after that the
/// stream's `StreamWatch`, on the request's timers, sends pings and ends the stream with `upstream_timeout` when no delta
/// arrives within the first-token timeout, or none follows the previous one within the idle timeout. When
/// the client leaves, the server cancels this task, which ends the provider iteration and so cancels the
/// provider call. A client that stops reading is ended by the server the same way (`isClientStalled`); its
/// audit row says so (`cancelled`, reason `client_stalled`).
struct StreamRun: Sendable {
    let dependencies: GatewayDependencies
    let admitted: Admitted

    enum Ending: Sendable {
        case finished(reason: String)
        case failed
        case timedOut
        /// The kill switch ended it (`PATCH /admin/features/{id}` with `endStreams`).
        case disabled
        /// The answer guard stopped it (`guard.onViolation: "end"`, or no narrator to fall back to).
        case withheld
        case cancelled
    }

    /// What the pump learned, for settlement.
    private struct Progress {
        /// The model's text, all of it (what was sent may be less, with a guard).
        var text = ""
        var usage: TokenUsage?
    }

    /// The stream's task lives as long as the answer does, idle most of that time, and every frame on its async
    /// stack is held in the task's slabs (about 1 KiB each, kept until the task ends) for all of it. So the part
    /// that waits on the provider (`answer`, with `pump` inlined into it) is kept apart from what runs only once the
    /// answer is over (`close`), whose locals would otherwise widen the waiting frames (issue 32: a sixth slab, 880
    /// bytes of every idle stream).
    func run(_ writer: any ResponseBodyWriter) async {
        var progress = Progress()
        var relay = makeRelay()
        let ending = await answer(into: writer, progress: &progress, relay: &relay)
        await close(ending, progress: progress, relay: relay, writer: writer)
    }

    /// The relay of this request's answer, made out of `run`'s frame: the copies its arguments take would widen it.
    @inline(never)
    private func makeRelay() -> AnswerRelay {
        AnswerRelay(feature: admitted.feature, prompt: admitted.prompt, locale: admitted.locale,
                    checks: dependencies.handlers.answerChecks)
    }

    /// The answer's events, from the first ping to the provider's last chunk (or a stored or narrated answer).
    private func answer(into writer: any ResponseBodyWriter, progress: inout Progress, relay: inout AnswerRelay) async -> Ending {
        let (opened, openedAt) = await open(writer)
        if case .stored(let text) = admitted.source {
            return opened ? await replay(text, into: writer, relay: &relay) : .cancelled
        } else if case .narrated(let text) = admitted.source {
            return opened ? await narrate(text, into: writer, relay: &relay) : .cancelled
        }
        guard let (stream, release) = providerStream(opened: opened) else { return .cancelled }
        defer { release() }  // a shared call is not held for a request that stopped reading
        let watch = watching(stream, writer: writer, openedAt: openedAt)
        let ending = await pump(stream, into: writer, watch: watch, progress: &progress, relay: &relay)
        dependencies.state.liveStreams.remove(watch)
        watch.end()
        return ending
    }

    /// The first ping, so proxies see bytes at once, and the prompt's facts if it has any: whether the client took
    /// them, and when the ping went (the next is due `pingSeconds` after it, not after whatever comes before the
    /// stream is watched). Out of `answer`'s frame, which waits for the whole answer.
    @inline(never)
    private func open(_ writer: any ResponseBodyWriter) async -> (opened: Bool, at: ContinuousClock.Instant) {
        var opened = (try? await writer.write(SSEFrames.ping)) != nil
        let openedAt = dependencies.monotonicClock.now
        if opened, let facts = admitted.prompt.facts {
            opened = (try? await writer.write(AssistEvent.facts(facts).sseFrame)) != nil
        }
        return (opened, openedAt)
    }

    /// The provider stream's watch, started on the request's timers and listed among the live streams (the kill
    /// switch ends it there).
    @inline(never)
    private func watching(_ stream: ProviderStream, writer: any ResponseBodyWriter, openedAt: ContinuousClock.Instant) -> StreamWatch {
        let watch = StreamWatch(writer: writer, stream: stream, startedAt: admitted.receivedAt,
                                limits: dependencies.config.limits, openedAt: openedAt, clock: dependencies.monotonicClock)
        watch.start(on: dependencies.requestTimers)
        dependencies.state.liveStreams.add(watch, feature: admitted.feature.id, admittedAt: admitted.killEpoch)
        return watch
    }

    /// After the answer: its last event, the shared call's whole outcome for its leader, then settlement and the
    /// audit row, before the body ends.
    @inline(never)
    private func close(_ ending: Ending, progress: Progress, relay: AnswerRelay, writer: any ResponseBodyWriter) async {
        var progress = progress
        let terminal: AssistEvent? = switch ending {
        case .finished(let reason):
            .done(finishReason: reason, promptVersion: admitted.feature.promptVersion, cached: admitted.source.isStored,
                  source: relay.origin, withheld: relay.withheld)
        case .failed: .error(code: .upstreamFailed)
        case .timedOut: .error(code: .upstreamTimeout)
        case .disabled: .error(code: .featureDisabled)
        case .withheld: .error(code: .answerWithheld)
        case .cancelled: writer.isClientGone ? nil : .error(code: .shuttingDown)
        }
        if let terminal { try? await writer.write(terminal.sseFrame) }
        // The leader of a shared call is charged for all of it, even when its own client left first.
        if case .leads(let call) = admitted.source {
            let outcome = await call.outcome()
            progress.text = outcome.text
            progress.usage = outcome.usage
        }
        // Settle and audit before the body ends, so a client that has seen the end can rely on both.
        let end = await settle(ending, progress: progress, relay: relay, writer: writer)
        writer.finish()
        // The log line and the span are for operators, not the client: the body's last bytes leave first. The
        // server's pump, queued on this loop when the body got bytes, runs at this yield, ahead of this task.
        await Task.yield()
        end.record(dependencies)
    }

    /// The chunks this request reads: its own provider call, or its seat in a shared one. The leader of a
    /// shared call starts it even when its own client has gone, since followers may be waiting; a request
    /// whose client has gone gives up its seat at once.
    private func providerStream(opened: Bool) -> (ProviderStream, release: @Sendable () -> Void)? {
        func providerCall() -> ProviderStream {
            dependencies.models.stream(for: admitted.feature, model: admitted.model, prompt: admitted.prompt,
                                       call: admitted.providerCall(dependencies))
        }
        let shared: SharedCall
        switch admitted.source {
        case .stored, .narrated: return nil
        case .provider: return opened ? (providerCall(), {}) : nil
        case .leads(let led):
            // Tokens are rarely longer than 16 bytes; twice that is a generous bound.
            led.start(providerCall(), maxTextBytes: max(admitted.feature.maxOutputTokens, 64) * 32)
            shared = led
        case .follows(let followed):
            shared = followed
        }
        guard opened else {
            shared.leave()
            return nil
        }
        return shared.subscribe()
    }

    /// A stored answer in the shape of a live one, deltas of a few words each, held to the guard as the
    /// model's text was (a stored answer may predate a check, or have failed one).
    @inline(never)
    private func replay(_ text: String, into writer: any ResponseBodyWriter, relay: inout AnswerRelay) async -> Ending {
        let now = dependencies.monotonicClock.now
        do {
            for piece in AnswerRelay.pieces(text) {
                if let stop = try await relay.take(piece, to: writer, at: now) { return Self.ending(stop) }
            }
            if let stop = try await relay.finish(to: writer, at: now) { return Self.ending(stop) }
        } catch {
            return .cancelled
        }
        return .finished(reason: "stop")
    }

    /// The narrator's answer, the model's in its place (`AnswerSource.narrated`).
    @inline(never)
    private func narrate(_ text: String, into writer: any ResponseBodyWriter, relay: inout AnswerRelay) async -> Ending {
        (try? await relay.narrate(text, to: writer, at: dependencies.monotonicClock.now)) == nil ? .cancelled : .finished(reason: "stop")
    }

    private static func ending(_ stop: AnswerRelay.Stop) -> Ending {
        switch stop {
        case .fellBack: .finished(reason: "stop")
        case .withheld: .withheld
        }
    }

    /// Moves provider chunks to the client. Returns how the provider's stream ended. Inlined into `answer`: a frame
    /// of its own on the waiting stack took a slab more per idle stream (see `run`).
    @inline(__always)
    nonisolated(nonsending) private func pump(_ stream: ProviderStream, into writer: any ResponseBodyWriter, watch: StreamWatch,
                      progress: inout Progress, relay: inout AnswerRelay) async -> Ending {
        var finishReason: String?
        do {
            for try await chunk in stream {
                switch chunk {
                case .text(let text):
                    guard !text.isEmpty else { continue }
                    let now = dependencies.monotonicClock.now  // the clock the deadlines are on
                    watch.delta(at: now)
                    progress.text += text
                    if relay.sendNow(text, to: writer, at: now) { continue }
                    if let stop = try await relay.take(text, to: writer, at: now) {
                        stream.cancel()  // the rest of the model's answer is not wanted
                        return Self.ending(stop)
                    }
                case .finish(let reason):
                    finishReason = reason
                case .usage(let usage):
                    progress.usage = usage
                }
            }
        } catch is ClientGone {
            return .cancelled
        } catch {
            if let stopped = ending(watch) { return stopped }
            if Task.isCancelled { return .cancelled }
            // Operators need the cause; it names the provider's failure, never the content.
            admitted.logger.warning("provider failed: \(error)")
            return .failed
        }
        if let stopped = ending(watch) { return stopped }
        if Task.isCancelled { return .cancelled }
        do {
            if let stop = try await relay.finish(to: writer, at: dependencies.monotonicClock.now) { return Self.ending(stop) }
        } catch {
            return .cancelled
        }
        return .finished(reason: finishReason ?? "stop")
    }

    /// The ending of a stream stopped from outside its pump, if it was.
    private func ending(_ watch: StreamWatch) -> Ending? {
        switch watch.stopped {
        case .timeout: .timedOut
        case .featureDisabled: .disabled
        case nil: nil
        }
    }

    /// Why a cancelled stream's client is gone, when it did not just leave: the server ended the response
    /// because the client stopped reading (`Limits.minClientReadBytesPerSecond`).
    static let clientStalledReason = "client_stalled"

    /// Settles the request and writes its audit row; returns its end, recorded by the caller once the body has ended.
    private func settle(_ ending: Ending, progress: Progress, relay: AnswerRelay, writer: any ResponseBodyWriter) async -> RequestEnd {
        // The guard's part, by check name only: which check failed first, and whether the narrator answered.
        var reason = [relay.failedCheck.map { "guard:" + $0 }, relay.failedCheck != nil && relay.origin == .narrator ? "narrator" : nil].compactMap { $0 }.joined(separator: ",")
        if case .cancelled = ending, writer.isClientStalled {
            reason = [reason, Self.clientStalledReason].filter { !$0.isEmpty }.joined(separator: ",")
            let limits = dependencies.config.limits
            admitted.logger.warning("client stopped reading (under \(limits.minClientReadBytesPerSecond) bytes/s "
                + "over \(limits.slowReaderWindowSeconds) s with bytes waiting); stream ended, provider call cancelled")
        }
        let status: AuditStatus = switch ending {
        case .finished: .ok
        case .failed: .upstreamFailed
        case .timedOut: .upstreamTimeout
        case .disabled: .featureDisabled
        case .withheld: .answerWithheld
        case .cancelled: .cancelled
        }
        await admitted.end(status, reason: reason, usage: progress.usage, outputText: progress.text, firstDeltaAt: relay.firstReleaseAt,
                           dependencies: dependencies)
        return RequestEnd(admitted, ended: status, answerSource: relay.origin == .narrator ? "narrator" : admitted.source.sourceName)
    }
}
