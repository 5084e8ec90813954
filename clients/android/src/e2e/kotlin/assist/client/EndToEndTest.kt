package assist.client

import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import okhttp3.MediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * The Android kit against a real `assist serve` on the scripted upstream, started by
 * Tests/CommandLineTests/AndroidKitTests.swift, which passes the gateway's URL and tokens as system properties and
 * afterwards checks that the upstream saw the cancelled call's disconnect. The upstream streams slowly (support
 * chat: about 6 s), so a stream can be cancelled and held open.
 */
class EndToEndTest {
    private val url = System.getProperty("assist.url")
    private val token = System.getProperty("assist.token")
    private val adminToken = System.getProperty("assist.adminToken")
    private val chat = AssistRequest("support_chat", mapOf("message" to "Where is my bag?"), "en-US")
    private val http = OkHttpClient()

    private fun admin(method: String, path: String, body: String? = null): Map<*, *> {
        val request = Request.Builder().url(url + path).header("Authorization", "Bearer $adminToken")
            .method(method, body?.let { RequestBody.create(MediaType.get("application/json"), it) }).build()
        http.newCall(request).execute().use { response ->
            assertTrue("$method $path: ${response.code()}", response.isSuccessful)
            return Json.parse(response.body()!!.string()) as Map<*, *>
        }
    }

    private fun auditStatus(requestId: String): String? =
        (admin("GET", "/admin/audit?limit=50")["rows"] as List<*>).map { it as Map<*, *> }.firstOrNull { it["requestId"] == requestId }?.get("status") as String?

    @Test fun flows() = runBlocking {
        val client = AssistClient(url, { token })

        // A stream arrives, to done.
        val events = mutableListOf<AssistEvent>()
        for (event in client.stream(AssistRequest("support_chat", mapOf("message" to "hello"), "en-GB"), this).events) events.add(event)
        assertTrue("deltas then done: $events", events.first() is AssistEvent.Delta && events.last() is AssistEvent.Done)

        // Cancel: the gateway's audit says cancelled (the Swift side checks that the upstream saw the disconnect).
        val call = client.stream(chat, this)
        assertTrue(call.events.receive() is AssistEvent.Delta)
        val requestId = call.requestId ?: throw AssertionError("no request id")
        call.cancel()
        withTimeout(10_000) { while (auditStatus(requestId) != "cancelled") delay(50) }
        println("cancelled $requestId")

        // 429: three streams held open, the fourth is rate limited with the gateway's Retry-After (1 s).
        val held = (1..3).map { client.stream(chat, this) }
        held.forEach { it.events.receive() }
        val before = System.currentTimeMillis()
        try {
            for (event in client.stream(chat, this).events) Unit
            throw AssertionError("a fourth stream was admitted")
        } catch (e: AssistException.RateLimited) {
            assertEquals("too_many_streams", e.code)
            assertTrue("retry in about a second: ${e.retryAtMillis - before} ms", e.retryAtMillis - before in 500..2_500)
        }
        held.forEach { it.cancel() }

        // 401 for a token the gateway does not accept.
        try {
            for (event in AssistClient(url, { "not-a-token" }).stream(chat, this).events) Unit
            throw AssertionError("a bad token was admitted")
        } catch (e: AssistException.Unauthenticated) {
        }

        // feature_disabled → the app hides the feature.
        admin("PATCH", "/admin/features/support_chat", """{"enabled":false}""")
        try {
            for (event in client.stream(chat, this).events) Unit
            throw AssertionError("a disabled feature answered")
        } catch (e: AssistException.Http) {
            assertEquals(403, e.status)
            assertTrue(e.hidesFeature)
        } finally {
            admin("PATCH", "/admin/features/support_chat", """{"enabled":null}""")
        }
    }
}
