package assist.client

import java.io.ByteArrayOutputStream

/**
 * An incremental `text/event-stream` decoder following the WHATWG rules, over bytes as they arrive, so a chunk
 * boundary may fall anywhere: inside a CRLF pair or a UTF-8 sequence (lines are split on bytes and decoded only
 * when whole). CR, LF and CRLF end lines; a leading BOM is dropped once; `:` lines are comments (pings); one space
 * after the colon is removed; `data` lines are joined with LF; an event is dispatched on a blank line only, so
 * `finish()` drops an unterminated last one. OkHttp 3's SSE artifact is not used: it is not in Debian, and this
 * decoder is checked by `conformance/sse.json` like the Swift one.
 */
class SseDecoder(private val maxLineBytes: Int = 1 shl 20) {
    class Event(val type: String, val data: String, val id: String?)
    class LineTooLong : Exception("an event-stream line is longer than the decoder keeps")

    private val line = ByteArrayOutputStream()
    private var sawCR = false
    private var bomBytesSeen = 0
    private var bomChecked = false
    private val data = StringBuilder()
    private var hasData = false
    private var type = ""
    var lastId: String? = null
        private set

    /** Consumes `bytes[offset until offset+length]`; returns the events they complete, in order. */
    fun feed(bytes: ByteArray, offset: Int = 0, length: Int = bytes.size - offset): List<Event> {
        val events = ArrayList<Event>()
        for (i in offset until offset + length) consume(bytes[i], events)
        return events
    }

    /** The stream ended: an event without its blank line, and a partial line, are dropped. */
    fun finish() {
        line.reset(); sawCR = false; data.setLength(0); hasData = false; type = ""; bomChecked = true
    }

    private fun consume(byte: Byte, events: MutableList<Event>) {
        if (!bomChecked) {
            val bom = byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte())
            if (byte == bom[bomBytesSeen]) {
                bomBytesSeen++
                if (bomBytesSeen == 3) bomChecked = true
                return
            }
            bomChecked = true
            val replay = bom.copyOf(bomBytesSeen)
            bomBytesSeen = 0
            for (b in replay) consume(b, events)
        }
        if (sawCR) {
            sawCR = false
            if (byte == '\n'.toByte()) return  // the LF of a CRLF pair: the line already ended
        }
        when (byte) {
            '\r'.toByte() -> { sawCR = true; endLine(events) }
            '\n'.toByte() -> endLine(events)
            else -> {
                if (line.size() >= maxLineBytes) throw LineTooLong()
                line.write(byte.toInt())
            }
        }
    }

    private fun endLine(events: MutableList<Event>) {
        val text = String(line.toByteArray(), Charsets.UTF_8)
        line.reset()
        if (text.length == 0) {
            if (hasData) {
                events.add(Event(if (type.length == 0) "message" else type, data.toString().removeSuffix("\n"), lastId))
            }
            data.setLength(0); hasData = false; type = ""
            return
        }
        if (text.startsWith(":")) return
        val colon = text.indexOf(':')
        val field = if (colon < 0) text else text.substring(0, colon)
        var value = if (colon < 0) "" else text.substring(colon + 1)
        if (value.startsWith(" ")) value = value.substring(1)
        when (field) {
            "data" -> { data.append(value).append('\n'); hasData = true }
            "event" -> type = value
            "id" -> if (!value.contains('\u0000')) lastId = value
        }
    }
}
