package assist.client

import com.sun.net.httpserver.HttpServer
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.channels.ClosedReceiveChannelException
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.IOException
import java.net.InetSocketAddress
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/** The client against a local server that streams on a schedule: quiet streams, cancel, the session's states. */
class ClientTest {
    private val disconnected = CountDownLatch(1)
    private var script: (java.io.OutputStream) -> Unit = {}
    @Volatile private var received: Pair<String?, ByteArray>? = null
    @Volatile private var receivedAuthorization: String? = null
    private val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0).apply {
        createContext("/") { exchange ->
            receivedAuthorization = exchange.requestHeaders.getFirst("Authorization")
            received = exchange.requestHeaders.getFirst("X-Assist-Integrity") to exchange.requestBody.readBytes()
            exchange.responseHeaders.add("Content-Type", "text/event-stream")
            exchange.responseHeaders.add("X-Request-Id", "req_kotlin")
            exchange.sendResponseHeaders(200, 0)
            try {
                exchange.responseBody.use { script(it) }
            } catch (e: IOException) {
                disconnected.countDown()
            }
        }
        executor = java.util.concurrent.Executors.newCachedThreadPool()
        start()
    }
    private val url = "http://127.0.0.1:${server.address.port}"

    @After fun stop() = server.stop(0)

    private fun java.io.OutputStream.event(json: String) { write("data: $json\n\n".toByteArray()); flush() }

    @Test fun quietStreamOutlivesOkHttpsDefaultReadTimeout() = runBlocking {
        script = { out ->
            out.write(": ping\n\n".toByteArray()); out.flush()
            Thread.sleep(11_000)  // longer than OkHttp's default 10-s read timeout, shorter than the gateway's 15-s pings
            out.event("""{"kind":"delta","text":"late"}""")
            out.event("""{"kind":"done","finishReason":"stop","promptVersion":"v1"}""")
        }
        val events = mutableListOf<AssistEvent>()
        for (event in AssistClient(url, { "t" }).stream(AssistRequest("support_chat", mapOf("message" to "hi")), this).events) events.add(event)
        assertEquals(listOf(AssistEvent.Delta("late"), AssistEvent.Done("stop", "v1")), events)
    }

    @Test fun cancelClosesTheConnection() = runBlocking {
        script = { out ->
            out.event("""{"kind":"delta","text":"a"}""")
            repeat(100) { Thread.sleep(100); out.write(": ping\n\n".toByteArray()); out.flush() }
        }
        val call = AssistClient(url, { "t" }).stream(AssistRequest("support_chat", mapOf("message" to "hi")), this)
        assertEquals(AssistEvent.Delta("a"), call.events.receive())
        assertEquals("req_kotlin", call.requestId)
        call.cancel()
        assertTrue("the server saw the disconnect", disconnected.await(5, TimeUnit.SECONDS))
    }

    @Test fun cancellingTheCallersScopeCancelsTheCall() = runBlocking {
        script = { out ->
            out.event("""{"kind":"delta","text":"a"}""")
            repeat(100) { Thread.sleep(100); out.write(": ping\n\n".toByteArray()); out.flush() }
        }
        val screen = Job()  // a screen's scope, which goes away
        val call = AssistClient(url, { "t" }).stream(AssistRequest("support_chat", mapOf("message" to "hi")), CoroutineScope(screen))
        assertEquals(AssistEvent.Delta("a"), call.events.receive())
        screen.cancel()
        assertTrue("the server saw the disconnect", disconnected.await(5, TimeUnit.SECONDS))
        // The events end: receiving fails at once rather than waiting (a timeout here would be the failure).
        val ended = withTimeout(5_000) {
            try { while (true) call.events.receive() } catch (e: TimeoutCancellationException) { throw e } catch (e: Exception) { e }
        }
        assertTrue("$ended", ended is ClosedReceiveChannelException || ended is CancellationException)
    }

    @Test fun aScopeAlreadyCancelledEndsTheEventsAtOnce() = runBlocking {
        script = { out -> out.event("""{"kind":"delta","text":"never read"}""") }
        val gone = Job().apply { cancel() }
        val call = AssistClient(url, { "t" }).stream(AssistRequest("support_chat", mapOf("message" to "hi")), CoroutineScope(gone))
        val ended = withTimeout(5_000) {
            try { while (true) call.events.receive() } catch (e: TimeoutCancellationException) { throw e } catch (e: Exception) { e }
        }
        assertTrue("$ended", ended is ClosedReceiveChannelException || ended is CancellationException)
    }

    @Test fun aSlowCollectorMakesTheReaderWait() = runBlocking {
        script = { out -> repeat(200) { out.event("""{"kind":"delta","text":"$it "}""") }; out.event("""{"kind":"done","finishReason":"stop","promptVersion":"v1"}""") }
        val call = AssistClient(url, { "t" }, eventBuffer = 4).stream(AssistRequest("support_chat", mapOf("message" to "hi")), this)
        delay(1_000)  // the collector is busy: all 200 events are in the socket, yet the reader holds at most the buffer
        assertTrue("handed over ${call.eventsHandedOver} while nobody read", call.eventsHandedOver <= 5)
        var count = 0
        for (event in call.events) if (event is AssistEvent.Delta) { assertEquals("$count ", event.text); count += 1 }
        assertEquals(200, count)
    }

    @Test fun sessionKeepsTextOnStopAndFailure() = runBlocking {
        script = { out ->
            out.event("""{"kind":"facts","booking":{"id":"BK-1"}}""")
            out.event("""{"kind":"delta","text":"Hel"}""")
            out.event("""{"kind":"delta","text":"lo"}""")
            out.event("""{"kind":"error","code":"upstream_failed"}""")
        }
        val session = AssistSession(AssistClient(url, { "t" }), AssistRequest("itinerary_summary", mapOf("bookingId" to "BK-1")), this)
        session.start()
        withTimeout(5_000) { while (session.state == AssistSession.State.Streaming) delay(10) }
        assertEquals(AssistSession.State.Stopped(session.state.let { (it as AssistSession.State.Stopped).cause }), session.state)
        assertEquals("upstream_failed", (session.state as AssistSession.State.Stopped).cause?.code)
        assertEquals("Hello", session.text)
        assertEquals(mapOf("booking" to mapOf("id" to "BK-1")), session.facts)
        assertEquals("req_kotlin", session.requestId)

        script = { out -> out.event("""{"kind":"delta","text":"x"}"""); Thread.sleep(5_000) }
        session.start()
        withTimeout(5_000) { while (session.text == "") delay(10) }
        session.stop()
        assertEquals(AssistSession.State.Stopped(null), session.state)
        assertEquals("x", session.text)
    }

    @Test fun sessionWaitsForRetryAfter() = runBlocking {
        val limited = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0).apply {
            createContext("/") { exchange ->
                exchange.requestBody.readBytes()
                exchange.responseHeaders.add("Retry-After", "120")
                val body = """{"error":{"code":"quota_exceeded","message":"m","requestId":"r"}}""".toByteArray()
                exchange.sendResponseHeaders(429, body.size.toLong())
                exchange.responseBody.use { it.write(body) }
            }
            start()
        }
        try {
            var now = 1_000_000L
            val client = AssistClient("http://127.0.0.1:${limited.address.port}", { "t" }, clock = { now })
            val session = AssistSession(client, AssistRequest("itinerary_summary", mapOf("bookingId" to "BK-1")), this, now = { now })
            session.start()
            withTimeout(5_000) { while (session.state == AssistSession.State.Streaming) delay(10) }
            val failed = session.state as AssistSession.State.Failed
            assertTrue(failed.error is AssistException.RateLimited)
            assertEquals(now + 120_000, session.retryAllowedAtMillis)
            assertFalse(session.retry())
            now += 120_000
            assertTrue(session.retry())
            withTimeout(5_000) { while (session.state == AssistSession.State.Streaming) delay(10) }
        } finally {
            limited.stop(0)
        }
    }

    @Test fun playIntegrityHeaderCoversTheExactRequestAndSession() = runBlocking {
        script = { out -> out.event("""{"kind":"done","finishReason":"stop","promptVersion":"v1"}""") }
        val hashes = mutableListOf<String>()
        val provider = PlayIntegrityProvider { hash -> hashes.add(hash); "token-for-$hash" }
        // A token provider that refreshes: every call a new token, and the proof must cover the one sent.
        var issued = 0
        val client = AssistClient(url, { issued += 1; "session-$issued" }, integrity = provider)
        for (event in client.stream(AssistRequest("support_chat", mapOf("message" to "Şehir"), "tr-TR"), this).events) Unit
        val (header, body) = received ?: throw AssertionError("no request")
        assertEquals("Bearer session-1", receivedAuthorization)
        val expected = IntegrityClientData.requestHash(IntegrityClientData.make("POST", "/v1/assist/stream", body, "session-1"))
        assertEquals(listOf(expected), hashes)
        assertEquals("playintegrity token=token-for-$expected", header)

        val none = AssistClient(url, { "t" }, integrity = PlayIntegrityProvider { null })
        for (event in none.stream(AssistRequest("support_chat", mapOf("message" to "x")), this).events) Unit
        assertEquals(null, received?.first)
    }
}
