package assist.client

import com.sun.net.httpserver.HttpServer
import kotlinx.coroutines.channels.toList
import kotlinx.coroutines.runBlocking
import org.junit.AfterClass
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File
import java.net.InetSocketAddress
import java.text.SimpleDateFormat
import java.util.Base64
import java.util.TimeZone

/** The Android kit on the language-neutral cases in `conformance/` (the Swift kit and the browser demo run them too). */
class ConformanceTest {
    companion object {
        private val directory = File(System.getProperty("assist.conformance") ?: "../../conformance")

        @Suppress("UNCHECKED_CAST")
        fun document(name: String): Map<String, Any?> = Json.parse(File(directory, name).readText()) as Map<String, Any?>

        @Suppress("UNCHECKED_CAST")
        fun cases(name: String): List<Map<String, Any?>> = document(name)["cases"] as List<Map<String, Any?>>

        /** One local server whose next answer is whatever a case says. */
        @Volatile private var reply: Map<String, Any?> = emptyMap()
        private val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0).apply {
            createContext("/") { exchange ->
                exchange.requestBody.readBytes()
                @Suppress("UNCHECKED_CAST")
                for ((name, value) in reply["headers"] as Map<String, Any?>) exchange.responseHeaders.add(name, value as String)
                val body = (reply["body"] as String).toByteArray(Charsets.UTF_8)
                exchange.sendResponseHeaders((reply["status"] as Double).toInt(), if (body.isEmpty()) -1 else body.size.toLong())
                exchange.responseBody.use { it.write(body) }
            }
            start()
        }

        @AfterClass @JvmStatic fun stopServer() = server.stop(0)

        fun decode(bytes: ByteArray, chunks: List<IntRange>): List<AssistEvent> {
            val decoder = SseDecoder()
            val events = chunks.flatMap { range -> decoder.feed(bytes, range.first, range.count()).mapNotNull { AssistEvent.parse(it.data) } }
            decoder.finish()
            return events
        }
    }

    @Test fun sse() {
        val all = cases("sse.json")
        assertTrue(all.size >= 15)
        for (case in all) {
            val bytes = Base64.getDecoder().decode(case["stream"] as String)
            @Suppress("UNCHECKED_CAST")
            val expected = (case["events"] as List<Any?>).map { AssistEvent.parse(Json.write(it)) ?: throw AssertionError("unknown expected event $it") }
            val chunkings = mutableListOf(listOf(0 until bytes.size), bytes.indices.map { it..it })
            @Suppress("UNCHECKED_CAST")
            for (offsets in case["splits"] as List<List<Double>>) {
                val ends = offsets.map { it.toInt() } + bytes.size
                chunkings.add(ends.indices.map { (if (it == 0) 0 else ends[it - 1]) until ends[it] })
            }
            for (chunks in chunkings) assertEquals("${case["name"]} in ${chunks.size} chunks", expected, decode(bytes, chunks))
        }
    }

    @Test fun responses() = runBlocking {
        val now = SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ssX").apply { timeZone = TimeZone.getTimeZone("UTC") }
            .parse(document("responses.json")["now"] as String).time
        val client = AssistClient("http://127.0.0.1:${server.address.port}", accessToken = { "token" }, clock = { now })
        val all = cases("responses.json")
        assertTrue(all.size >= 19)
        for (case in all) {
            reply = case
            @Suppress("UNCHECKED_CAST")
            val expected = case["expected"] as Map<String, Any?>
            val name = case["name"] as String
            val events = mutableListOf<AssistEvent>()
            var failure: AssistException? = null
            val call = client.stream(AssistRequest("itinerary_summary", mapOf("bookingId" to "BK-2041")), this)
            try {
                for (event in call.events) events.add(event)
            } catch (e: AssistException) {
                failure = e
            }
            expected["text"]?.let { assertEquals(name, it, events.filterIsInstance<AssistEvent.Delta>().joinToString("") { d -> d.text }) }
            if (expected["outcome"] == "done") {
                assertEquals(name, null, failure)
                @Suppress("UNCHECKED_CAST")
                val done = expected["done"] as Map<String, Any?>
                assertEquals(name, AssistEvent.Done(done["finishReason"] as String, done["promptVersion"] as String, done["cached"] as Boolean,
                                                   done["source"] as String?, (done["withheld"] as Double).toInt()), events.last())
                assertEquals(name, expected["facts"], events.filterIsInstance<AssistEvent.Facts>().firstOrNull()?.facts)
            } else {
                val error = failure ?: throw AssertionError("$name: no error")
                assertEquals(name, expected["code"], error.code)
                assertEquals(name, expected["error"], kind(error))
                expected["status"]?.let { assertEquals(name, (it as Double).toInt(), (error as AssistException.Http).status) }
                expected["hidesFeature"]?.let { assertEquals(name, it, error.hidesFeature) }
                if (expected.containsKey("retryAfterSeconds")) {
                    assertEquals(name, (expected["retryAfterSeconds"] as Double?)?.toLong(), error.retryAtMillis?.let { (it - now) / 1000 })
                }
            }
        }
    }

    private fun kind(error: AssistException) = when (error) {
        is AssistException.Unauthenticated -> "unauthenticated"
        is AssistException.RateLimited -> "rate_limited"
        is AssistException.Unavailable -> "unavailable"
        is AssistException.Http -> "http"
        is AssistException.Stream -> "stream"
        is AssistException.Incomplete -> "incomplete"
        is AssistException.Transport -> "transport"
    }

    @Test fun routes() {
        val all = cases("routes.json")
        assertEquals(72, all.size)
        assertTrue(all.any { it["privateCloud"] == true } && all.any { it["privateCloud"] == false } && all.any { !it.containsKey("privateCloud") })
        for (case in all) {
            val state = ModelAvailability.fromWire(case["availability"] as String) ?: throw AssertionError("unknown availability")
            // A row without `privateCloud` is one from before it: no private cloud model.
            val privateCloud = case["privateCloud"] as Boolean? ?: false
            val decider = RouteDecider(object : AvailabilityProvider {
                override fun availability(feature: String, locale: String) = state
                override fun isPrivateCloudAvailable(feature: String, locale: String) = privateCloud
            }, isOnline = { case["online"] as Boolean })
            val expected = Route.fromWire(case["route"] as String) ?: throw AssertionError("unknown route in $case")
            assertEquals("$case", expected, decider.route("itinerary_summary", case["serverFallback"] as Boolean, "en-US"))
        }
    }

    @Test fun mlKitAdapterNeverReportsPrivateCloud() {
        // On Android a row with Private Cloud Compute available routes as its twin without it (the same availability,
        // fallback and online, `privateCloud` absent) does in the table.
        val all = cases("routes.json")
        val withoutPrivateCloud = all.filter { !it.containsKey("privateCloud") }
        for (case in all.filter { it["privateCloud"] == true }) {
            val twin = withoutPrivateCloud.single {
                it["availability"] == case["availability"] && it["serverFallback"] == case["serverFallback"] && it["online"] == case["online"]
            }
            val status = if (case["availability"] == "available") MlKitGenAiStatus.AVAILABLE else MlKitGenAiStatus.UNAVAILABLE
            val adapter = MlKitAvailability({ status }, { true })
            assertEquals(false, adapter.isPrivateCloudAvailable("itinerary_summary", "en-US"))
            val route = RouteDecider(adapter, isOnline = { case["online"] as Boolean })
                .route("itinerary_summary", case["serverFallback"] as Boolean, "en-US")
            assertEquals("$case", twin["route"], route.wireName)
        }
    }

    @Test fun integrity() {
        val all = cases("integrity.json")
        assertTrue(all.size >= 5)
        for (case in all) {
            val text = IntegrityClientData.make(case["method"] as String, case["path"] as String,
                                                Base64.getDecoder().decode(case["body"] as String), case["sessionToken"] as String,
                                                case["challenge"] as String?)
            assertEquals(case["name"] as String, case["clientData"], text)
            val digest = IntegrityClientData.sha256(text.toByteArray(Charsets.UTF_8))
            assertEquals(case["sha256Hex"], digest.joinToString("") { String.format("%02x", it) })
            assertEquals(case["requestHash"], IntegrityClientData.requestHash(text))
        }
    }
}
