package assist.client

import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.channels.ReceiveChannel
import kotlinx.coroutines.launch
import kotlinx.coroutines.suspendCancellableCoroutine
import okhttp3.Call
import okhttp3.MediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody
import java.io.IOException
import java.util.concurrent.TimeUnit

/**
 * Streams a feature's answer from the gateway (`POST /v1/assist/stream`) with OkHttp.
 *
 * The read timeout is above the gateway's ping interval (15 s): OkHttp's default 10 s would end a quiet stream
 * between pings. `accessToken` is called once for each request (a token provider that refreshes); `integrity` adds
 * the `X-Assist-Integrity` header over the exact bytes sent and that session token.
 *
 * Structured concurrency: a stream runs in the caller's `CoroutineScope` (a screen's `viewModelScope` or
 * `lifecycleScope`), never a global one, so when the screen goes away its request goes with it: cancelling the scope
 * cancels the call, which closes the connection, and the gateway stops the model. Events pass through a channel of
 * `eventBuffer` events; a collector slower than the stream makes the reader wait (and TCP slows the gateway) instead
 * of buffering without limit.
 */
class AssistClient(
    private val baseUrl: String,
    private val accessToken: () -> String,
    private val integrity: IntegrityProvider? = null,
    http: OkHttpClient = OkHttpClient(),
    readTimeoutSeconds: Long = DEFAULT_READ_TIMEOUT_SECONDS,
    private val clock: () -> Long = System::currentTimeMillis,
    private val eventBuffer: Int = DEFAULT_EVENT_BUFFER
) {
    companion object {
        /** Twice the gateway's default ping interval: one lost ping is not a dead stream. */
        const val DEFAULT_READ_TIMEOUT_SECONDS = 30L
        /** Events read ahead of the collector before the reader waits for it. */
        const val DEFAULT_EVENT_BUFFER = 64
        private val JSON = MediaType.get("application/json; charset=utf-8")
    }

    private val http = http.newBuilder().readTimeout(readTimeoutSeconds, TimeUnit.SECONDS).build()

    /**
     * Starts the request at once, as a child of `scope`; read `events`, and call `cancel()` (or cancel `scope`) when
     * the user leaves.
     */
    fun stream(request: AssistRequest, scope: CoroutineScope): AssistCall {
        val body = request.toJson().toByteArray(Charsets.UTF_8)
        val sessionToken = accessToken()  // once: the integrity proof covers the token sent
        val builder = Request.Builder().url(baseUrl.trimEnd('/') + "/v1/assist/stream")
            .header("Authorization", "Bearer $sessionToken")
            .header("Accept", "text/event-stream")
            .post(RequestBody.create(JSON, body))
        integrity?.header("POST", "/v1/assist/stream", body, sessionToken)?.let { builder.header("X-Assist-Integrity", it) }
        val call = http.newCall(builder.build())
        val channel = Channel<AssistEvent>(eventBuffer)
        val handle = AssistCall(call, channel)
        handle.job = scope.launch(Dispatchers.IO) {
            // The read blocks its thread, so cancellation cannot reach it by itself: a child that waits for it closes
            // the call, which ends the read (and the connection) at once. A child is cancelled with its parent
            // even while the parent's body still runs. It starts undispatched, so its `finally` is armed before the
            // read begins: a child merely dispatched, and cancelled before a thread ran it, would never run its body,
            // and the call would stay open (seen under load as "the server saw the disconnect" failing).
            val watcher = launch(start = CoroutineStart.UNDISPATCHED) {
                try { suspendCancellableCoroutine<Unit> { } } finally { call.cancel() }
            }
            try { run(call, channel, handle) } finally { watcher.cancel() }
        }
        // A scope already cancelled never runs the reader: the events end at once instead of never.
        handle.job?.invokeOnCompletion { cause -> if (cause != null) channel.cancel() }
        return handle
    }

    private suspend fun run(call: Call, channel: Channel<AssistEvent>, handle: AssistCall) {
        try {
            call.execute().use { response ->
                handle.requestId = response.header("X-Request-Id")
                val source = response.body()?.source()
                if (!response.isSuccessful || source == null) {
                    val headers = response.headers().names().associateWith { response.header(it) ?: "" }
                    channel.close(AssistException.fromResponse(response.code(), headers, source?.readUtf8() ?: "", clock()))
                    return
                }
                val decoder = SseDecoder()
                val buffer = ByteArray(8192)
                val input = source.inputStream()
                while (true) {
                    val read = input.read(buffer)
                    if (read < 0) break
                    for (raw in decoder.feed(buffer, 0, read)) {
                        val event = AssistEvent.parse(raw.data) ?: continue
                        when (event) {
                            is AssistEvent.Error -> { channel.close(AssistException.Stream(event.code)); return }
                            is AssistEvent.Done -> { channel.send(event); channel.close(); return }
                            else -> { channel.send(event); handle.eventsHandedOver += 1 }  // waits while the collector is `eventBuffer` behind
                        }
                    }
                }
                decoder.finish()
                channel.close(AssistException.Incomplete())
            }
        } catch (e: IOException) {
            channel.close(if (call.isCanceled) null else AssistException.Transport(e))
        } catch (e: SseDecoder.LineTooLong) {
            channel.close(AssistException.Transport(e))
        } catch (e: CancellationException) {
            call.cancel()
            throw e
        } catch (e: RuntimeException) {
            // Reported to the collector, never thrown into the caller's scope, where it would cancel the screen.
            channel.close(AssistException.Transport(e))
        }
    }
}

/**
 * One answer in flight: its events (`Facts`, `Delta`s, then one `Done`; a failure closes the channel with an
 * `AssistException`, after the deltas that arrived), the gateway's request id once the head has arrived (for
 * feedback), and `cancel()`, which closes the call and with it the connection, so the gateway stops the model.
 */
class AssistCall internal constructor(private val call: Call, private val channel: Channel<AssistEvent>) {
    val events: ReceiveChannel<AssistEvent> get() = channel

    @Volatile var requestId: String? = null
        internal set

    /** Events the reader has put in the channel so far: a slow collector holds it at `eventBuffer` ahead of itself. */
    @Volatile var eventsHandedOver = 0
        internal set

    /** The reader, a child of the scope the stream was started in. */
    @Volatile internal var job: Job? = null

    fun cancel() {
        call.cancel()
        channel.cancel()
        job?.cancel()
    }
}
