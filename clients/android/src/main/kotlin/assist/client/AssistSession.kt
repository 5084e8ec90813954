package assist.client

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.channels.ClosedReceiveChannelException
import kotlinx.coroutines.launch

/**
 * The state of one feature's screen while an answer streams in, with the Swift kit's states:
 * `Idle → Streaming → Done | Stopped | Failed`. Text that arrived is never thrown away: a stop, or a failure after
 * some text, ends in `Stopped` with the text kept; only a failure before any text is `Failed`.
 *
 * Confined to `scope` (the main dispatcher, in an app); `onChange` is called on it after every change.
 */
class AssistSession(
    private val client: AssistClient,
    private val request: AssistRequest,
    private val scope: CoroutineScope,
    private val now: () -> Long = System::currentTimeMillis,
    private val onChange: (AssistSession) -> Unit = {}
) {
    sealed class State {
        object Idle : State()
        object Streaming : State()
        data class Done(val promptVersion: String, val cached: Boolean, val source: String?) : State()
        /** `cause` null: stopped by the user. */
        data class Stopped(val cause: AssistException?) : State()
        data class Failed(val error: AssistException) : State()
    }

    var state: State = State.Idle
        private set
    var text = ""
        private set
    var facts: Map<String, Any?>? = null
        private set
    var requestId: String? = null
        private set
    /** After a rate limit (or a 503 that said when): the first moment `retry()` calls the server again. */
    var retryAllowedAtMillis: Long? = null
        private set

    private var call: AssistCall? = null
    private var job: Job? = null

    fun start() {
        cancelCurrent()
        text = ""; facts = null; requestId = null; retryAllowedAtMillis = null
        set(State.Streaming)
        val current = client.stream(request, scope)
        call = current
        job = scope.launch {
            try {
                for (event in current.events) {
                    requestId = current.requestId
                    when (event) {
                        is AssistEvent.Facts -> facts = event.facts
                        is AssistEvent.Delta -> text += event.text
                        is AssistEvent.Done -> { set(State.Done(event.promptVersion, event.cached, event.source)); return@launch }
                        is AssistEvent.Error -> Unit  // the client closes the channel with it
                    }
                    onChange(this@AssistSession)
                }
            } catch (e: AssistException) {
                requestId = current.requestId
                retryAllowedAtMillis = e.retryAtMillis
                set(if (text.length == 0) State.Failed(e) else State.Stopped(e))
            } catch (e: ClosedReceiveChannelException) {
                set(State.Stopped(null))
            }
        }
    }

    /** Stops the stream and the server's generation; the text so far stays. */
    fun stop() {
        if (state != State.Streaming) return
        cancelCurrent()
        set(State.Stopped(null))
    }

    /** Starts again, unless a rate limit says not yet (then false, without calling the server). */
    fun retry(): Boolean {
        retryAllowedAtMillis?.let { if (now() < it) return false }
        start()
        return true
    }

    private fun cancelCurrent() {
        job?.cancel()
        call?.cancel()
        job = null
        call = null
    }

    private fun set(next: State) {
        state = next
        onChange(this)
    }
}
