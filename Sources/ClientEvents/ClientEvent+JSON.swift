import Foundation
import HTTPParsing
import RequestModel

extension ClientEvent {
    /// The event as one SPEC §3 JSON Lines object: `event`, `exchange`, `t_ms`, then its own keys.
    public var jsonLine: String {
        var fields: [(String, JSONValue)] = [
            ("event", .string(name)),
            ("exchange", .int(exchange.value)),
            ("t_ms", .number(tMs)),
        ]
        fields += extraFields
        return JSONValue.object(fields).serialized
    }

    private var extraFields: [(String, JSONValue)] {
        switch kind {
        case let .attemptStarted(attempt, method, url):
            return [("attempt", .int(attempt)), ("method", .string(method)), ("url", .string(url))]
        case let .responseReceived(attempt, status, bytes, elapsedMs, version):
            return [("attempt", .int(attempt)), ("status", .int(status)), ("bytes", .int(bytes)),
                    ("elapsed_ms", .number(elapsedMs)), ("http_version", .string(version))]
        case let .transportFailed(attempt, kind, message):
            return [("attempt", .int(attempt)), ("kind", .string(kind.rawValue)), ("message", .string(message))]
        case let .validatorDecided(attempt, validator, decision, reason):
            return [("attempt", .int(attempt)), ("validator", .string(validator)),
                    ("decision", .string(decision.rawValue)), ("reason", .string(reason))]
        case let .retryScheduled(attempt, strategy, delayMs, source):
            return [("attempt", .int(attempt)), ("strategy", .string(strategy)),
                    ("delay_ms", .number(delayMs)), ("source", .string(source.rawValue))]
        case let .retrySkipped(attempt, reason):
            return [("attempt", .int(attempt)), ("reason", .string(reason))]
        case let .credentialsWithheld(attempt, origin, headers):
            return [("attempt", .int(attempt)), ("origin", .string(origin)), ("headers", .array(headers.map(JSONValue.string)))]
        case let .redirectFollowed(attempt, status, from, to):
            return [("attempt", .int(attempt)), ("status", .int(status)), ("from", .string(from)), ("to", .string(to))]
        case let .altStarted(attempt, method, url):
            return [("attempt", .int(attempt)), ("method", .string(method)), ("url", .string(url))]
        case let .altFinished(attempt, status, error):
            var fields: [(String, JSONValue)] = [("attempt", .int(attempt))]
            if let status { fields.append(("status", .int(status))) }
            if let error { fields.append(("error", .string(error))) }
            return fields
        case let .taskStarted(attempt), let .taskFinished(attempt):
            return [("attempt", .int(attempt))]
        case let .taskFailed(attempt, message):
            return [("attempt", .int(attempt)), ("message", .string(message))]
        case let .exchangeCompleted(status, attempts):
            return [("status", .int(status)), ("attempts", .int(attempts))]
        case let .exchangeFailed(attempts, error):
            var object: [(String, JSONValue)] = [("kind", .string(error.kind)), ("message", .string(error.message))]
            if let status = error.status { object.append(("status", .int(status))) }
            return [("attempts", .int(attempts)), ("error", .object(object))]
        }
    }
}

/// Just enough JSON to write events with their keys in a stable order.
enum JSONValue {
    case string(String)
    case int(Int)
    case number(Double)
    case array([JSONValue])
    case object([(String, JSONValue)])

    var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .string(let text): JSONText.quote(text, into: &out)
        case .int(let value): out += String(value)
        case .number(let value) where !value.isFinite:
            out += "null"
        case .number(let value):
            // Three decimals: sub-millisecond precision without noise.
            let rounded = (value * 1000).rounded() / 1000
            out += rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { out += "," }
                JSONText.quote(key, into: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }
}
