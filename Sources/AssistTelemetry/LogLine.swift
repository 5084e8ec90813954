#if canImport(Glibc)
import Glibc
#endif

/// One log line's bytes, in either format. Pure apart from `now()`, so tests hold both formats exactly.
enum LogLine {
    static func render(format: LogFormat, level: LogLevel, label: String?, message: String, fields: [(String, LogValue)],
                       time: (seconds: Int, milliseconds: Int)) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(96 + message.utf8.count)
        switch format {
        case .text:
            line += "assist: ".utf8
            if level >= .error { line += "error: ".utf8 }
            if let label { line += label.utf8; line += ": ".utf8 }
            line += message.utf8
            for (key, value) in fields {
                line.append(UInt8(ascii: " "))
                line += key.utf8
                line.append(UInt8(ascii: "="))
                let text = value.description
                if text.isEmpty || text.utf8.contains(where: { $0 <= 0x20 || $0 == UInt8(ascii: "\"") }) {
                    JSONText.appendString(text, to: &line)
                } else {
                    line += text.utf8
                }
            }
        case .json:
            line += "{\"time\":\"".utf8
            line += timestamp(time).utf8
            line += "\",\"level\":\"".utf8
            line += level.description.utf8
            line += "\"".utf8
            if let label { line += ",\"logger\":".utf8; JSONText.appendString(label, to: &line) }
            line += ",\"message\":".utf8
            JSONText.appendString(message, to: &line)
            for (key, value) in fields {
                line.append(UInt8(ascii: ","))
                JSONText.appendString(key, to: &line)
                line.append(UInt8(ascii: ":"))
                JSONText.append(value, to: &line)
            }
            line.append(UInt8(ascii: "}"))
        }
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// The wall-clock time now, to the millisecond.
    static func now() -> (seconds: Int, milliseconds: Int) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return (Int(spec.tv_sec), Int(spec.tv_nsec) / 1_000_000)
    }

    /// RFC 3339 in UTC with milliseconds: `2026-12-02T13:04:05.123Z`.
    static func timestamp(_ time: (seconds: Int, milliseconds: Int)) -> String {
        var seconds = time_t(time.seconds)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(time.milliseconds), 3))Z"
    }
}

/// The JSON text the log and the OTLP/JSON encoder write: strings escaped by RFC 8259, numbers as JSON allows
/// them (a non-finite double is written as a string, which JSON has no number for).
public enum JSONText {
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let hex = Array("0123456789abcdef".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\"".utf8
            case UInt8(ascii: "\\"): out += "\\\\".utf8
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            case 0..<0x20, 0x7F:
                out += "\\u00".utf8
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xf)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func append(_ value: LogValue, to out: inout [UInt8]) {
        switch value {
        case .string(let text): appendString(text, to: &out)
        case .int(let number): out += String(number).utf8
        case .double(let number): number.isFinite ? (out += String(number).utf8) : appendString(String(number), to: &out)
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        }
    }
}
