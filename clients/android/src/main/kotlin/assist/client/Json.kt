package assist.client

/**
 * A small JSON reader and writer, so the library needs nothing beyond the JDK, OkHttp and coroutines (Android's
 * org.json is not on a plain JVM, and its number handling differs). Objects are `Map<String, Any?>` in document
 * order, arrays `List<Any?>`, numbers `Double`, and `null` is Kotlin's null.
 */
object Json {
    class ParseException(message: String) : Exception(message)

    fun parse(text: String): Any? {
        val reader = Reader(text)
        reader.skipSpace()
        val value = reader.value()
        reader.skipSpace()
        if (reader.index != text.length) throw ParseException("text after the value at ${reader.index}")
        return value
    }

    fun write(value: Any?): String = StringBuilder().also { append(it, value) }.toString()

    private fun append(out: StringBuilder, value: Any?) {
        when (value) {
            null -> out.append("null")
            is String -> quote(out, value)
            is Boolean -> out.append(value)
            is Int, is Long -> out.append(value)
            is Number -> {
                val d = value.toDouble()
                if (d == Math.floor(d) && Math.abs(d) < 1e15) out.append(d.toLong()) else out.append(d)
            }
            is Map<*, *> -> {
                out.append('{')
                value.entries.forEachIndexed { i, entry ->
                    if (i > 0) out.append(',')
                    quote(out, entry.key.toString())
                    out.append(':')
                    append(out, entry.value)
                }
                out.append('}')
            }
            is List<*> -> {
                out.append('[')
                value.forEachIndexed { i, item -> if (i > 0) out.append(','); append(out, item) }
                out.append(']')
            }
            else -> throw IllegalArgumentException("not a JSON value: ${value::class}")
        }
    }

    private fun quote(out: StringBuilder, text: String) {
        out.append('"')
        for (c in text) {
            when {
                c == '"' -> out.append("\\\"")
                c == '\\' -> out.append("\\\\")
                c == '\n' -> out.append("\\n")
                c == '\r' -> out.append("\\r")
                c == '\t' -> out.append("\\t")
                c < ' ' -> out.append(String.format("\\u%04x", c.toInt()))
                else -> out.append(c)
            }
        }
        out.append('"')
    }

    private class Reader(val text: String) {
        var index = 0

        fun skipSpace() {
            while (index < text.length && text[index] in " \t\r\n") index++
        }

        fun value(): Any? {
            if (index >= text.length) throw ParseException("unexpected end")
            return when (text[index]) {
                '{' -> obj()
                '[' -> array()
                '"' -> string()
                't' -> literal("true", true)
                'f' -> literal("false", false)
                'n' -> literal("null", null)
                else -> number()
            }
        }

        private fun literal(word: String, value: Any?): Any? {
            if (!text.startsWith(word, index)) throw ParseException("unexpected text at $index")
            index += word.length
            return value
        }

        private fun obj(): Map<String, Any?> {
            val members = LinkedHashMap<String, Any?>()
            index++
            skipSpace()
            if (peek() == '}') { index++; return members }
            while (true) {
                skipSpace()
                if (peek() != '"') throw ParseException("expected a key at $index")
                val key = string()
                skipSpace()
                expect(':')
                skipSpace()
                if (members.containsKey(key)) throw ParseException("duplicate key $key")
                members[key] = value()
                skipSpace()
                val separator = next()
                if (separator == '}') return members
                if (separator != ',') throw ParseException("expected , or } at ${index - 1}")
            }
        }

        private fun array(): List<Any?> {
            val items = ArrayList<Any?>()
            index++
            skipSpace()
            if (peek() == ']') { index++; return items }
            while (true) {
                skipSpace()
                items.add(value())
                skipSpace()
                val separator = next()
                if (separator == ']') return items
                if (separator != ',') throw ParseException("expected , or ] at ${index - 1}")
            }
        }

        private fun string(): String {
            index++
            val out = StringBuilder()
            while (true) {
                if (index >= text.length) throw ParseException("unterminated string")
                val c = text[index++]
                when {
                    c == '"' -> return out.toString()
                    c == '\\' -> {
                        val e = next()
                        when (e) {
                            '"', '\\', '/' -> out.append(e)
                            'b' -> out.append('\b')
                            'f' -> out.append('\u000C')
                            'n' -> out.append('\n')
                            'r' -> out.append('\r')
                            't' -> out.append('\t')
                            'u' -> {
                                if (index + 4 > text.length) throw ParseException("bad \\u escape")
                                out.append(text.substring(index, index + 4).toIntOrNull(16)?.toChar() ?: throw ParseException("bad \\u escape"))
                                index += 4
                            }
                            else -> throw ParseException("bad escape \\$e")
                        }
                    }
                    c < ' ' -> throw ParseException("control character in a string")
                    else -> out.append(c)
                }
            }
        }

        private fun number(): Double {
            val start = index
            while (index < text.length && text[index] in "+-0123456789.eE") index++
            val literal = text.substring(start, index)
            if (!Regex("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?").matches(literal)) throw ParseException("bad number at $start")
            return literal.toDouble()
        }

        private fun peek(): Char = if (index < text.length) text[index] else throw ParseException("unexpected end")
        private fun next(): Char = peek().also { index++ }
        private fun expect(c: Char) { if (next() != c) throw ParseException("expected $c at ${index - 1}") }
    }
}
