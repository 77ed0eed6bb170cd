import ClientEvents
import Foundation
import RequestModel

/// Events in a session file are the SPEC §3 objects `--events` writes, one per line; these read
/// them back into the values the timeline shows.
extension ClientEvent {
    /// The event as a JSON object (its `jsonLine`), for a session file.
    public var node: JSONNode { JSONNode.parse(jsonLine) ?? .object([]) }

    /// The event a SPEC §3 object describes; the reason when it does not describe one.
    public init(node: JSONNode) throws(EventProblem) {
        let fields = EventFields(node: node)
        let name = try fields.string("event")
        let exchange = ExchangeID(try fields.int("exchange"))
        let tMs = try fields.double("t_ms")
        let kind: Kind
        switch name {
        case "attempt.started":
            kind = .attemptStarted(attempt: try fields.int("attempt"), method: try fields.string("method"), url: try fields.string("url"))
        case "response.received":
            // `encoding` and `encoded_bytes` came with content decoding: older sessions have neither.
            var encoding: BodyEncoding?
            if let name = fields.optionalString("encoding") {
                encoding = BodyEncoding(name: name, bytes: try fields.optionalInt("encoded_bytes") ?? 0)
            }
            kind = .responseReceived(attempt: try fields.int("attempt"), status: try fields.int("status"), bytes: try fields.int("bytes"),
                                     elapsedMs: try fields.double("elapsed_ms"), httpVersion: fields.optionalString("http_version") ?? "",
                                     encoding: encoding)
        case "transport.failed":
            let kindText = try fields.string("kind")
            guard let failure = TransportFailureKind(rawValue: kindText) else { throw EventProblem("unknown transport failure kind \"\(kindText)\"") }
            kind = .transportFailed(attempt: try fields.int("attempt"), kind: failure, message: try fields.string("message"))
        case "validator.decided":
            let decisionText = try fields.string("decision")
            guard let decision = Decision(rawValue: decisionText) else { throw EventProblem("unknown decision \"\(decisionText)\"") }
            kind = .validatorDecided(attempt: try fields.int("attempt"), validator: try fields.string("validator"), decision: decision,
                                     reason: try fields.string("reason"))
        case "retry.scheduled":
            let sourceText = try fields.string("source")
            guard let source = DelaySource(rawValue: sourceText) else { throw EventProblem("unknown delay source \"\(sourceText)\"") }
            kind = .retryScheduled(attempt: try fields.int("attempt"), strategy: try fields.string("strategy"),
                                   delayMs: try fields.double("delay_ms"), source: source)
        case "retry.skipped":
            kind = .retrySkipped(attempt: try fields.int("attempt"), reason: try fields.string("reason"))
        case "credentials.withheld":
            kind = .credentialsWithheld(attempt: try fields.int("attempt"), origin: try fields.string("origin"), headers: try fields.strings("headers"))
        case "redirect.followed":
            kind = .redirectFollowed(attempt: try fields.int("attempt"), status: try fields.int("status"), from: try fields.string("from"),
                                     to: try fields.string("to"))
        case "alt.started":
            kind = .altStarted(attempt: try fields.int("attempt"), method: try fields.string("method"), url: try fields.string("url"))
        case "alt.finished":
            kind = .altFinished(attempt: try fields.int("attempt"), status: try fields.optionalInt("status"), error: fields.optionalString("error"))
        case "task.started": kind = .taskStarted(attempt: try fields.int("attempt"))
        case "task.finished": kind = .taskFinished(attempt: try fields.int("attempt"))
        case "task.failed": kind = .taskFailed(attempt: try fields.int("attempt"), message: try fields.string("message"))
        case "auth.authorize": kind = .authAuthorize(url: try fields.string("url"))
        case "auth.device":
            kind = .authDevice(DeviceCodeReport(userCode: try fields.string("user_code"), verificationURI: try fields.string("verification_uri"),
                                                verificationURIComplete: fields.optionalString("verification_uri_complete"),
                                                expiresIn: try fields.int("expires_in"), interval: try fields.int("interval")))
        case "auth.token":
            kind = .authToken(grant: try fields.string("grant"), expiresIn: try fields.optionalInt("expires_in"), scope: fields.optionalString("scope"))
        case "auth.failed":
            kind = .authFailed(grant: try fields.string("grant"), error: try fields.string("error"), description: fields.optionalString("description"))
        case "ws.opened":
            kind = .wsOpened(url: try fields.string("url"), protocol: try fields.string("protocol"), extensions: try fields.strings("extensions"))
        case "ws.message":
            let direction = try fields.direction()
            let content: WebSocketReport.Message.Content
            switch try fields.string("kind") {
            case "text": content = .text(try fields.string("data"))
            case "binary":
                guard let data = Data(base64Encoded: try fields.string("data_base64")) else { throw EventProblem("\"data_base64\" must be base64") }
                content = .binary(data)
            case let other: throw EventProblem("unknown message kind \"\(other)\"")
            }
            kind = .wsMessage(WebSocketReport.Message(direction: direction, content: content))
        case "ws.ping": kind = .wsPing(direction: try fields.direction(), bytes: try fields.int("bytes"))
        case "ws.pong": kind = .wsPong(direction: try fields.direction(), bytes: try fields.int("bytes"))
        case "ws.closed":
            let byText = try fields.string("by")
            guard let by = WebSocketReport.ClosedBy(rawValue: byText) else { throw EventProblem("unknown closer \"\(byText)\"") }
            kind = .wsClosed(WebSocketReport.Closed(code: try fields.int("code"), reason: try fields.string("reason"), by: by,
                                                    messagesIn: try fields.int("messages_in"), messagesOut: try fields.int("messages_out")))
        case "capture.set":
            kind = .captureSet(name: try fields.string("name"), source: try fields.string("source"), value: try fields.string("value"))
        case "assert.passed", "assert.failed":
            let report = AssertReport(request: try fields.string("request"), subject: try fields.string("subject"),
                                      predicate: try fields.string("predicate"), expected: fields.optionalValue("expected"),
                                      actual: fields.optionalValue("actual"))
            kind = name == "assert.passed" ? .assertPassed(report) : .assertFailed(report)
        case "stream.opened":
            kind = .streamOpened(attempt: try fields.int("attempt"), contentType: try fields.string("content_type"))
        case "stream.event":
            kind = .streamEvent(StreamEventReport(index: try fields.int("index"), type: try fields.string("type"), data: try fields.string("data"),
                                                  id: try fields.string("id"), retry: try fields.optionalInt("retry")))
        case "stream.record":
            kind = .streamRecord(index: try fields.int("index"), bytes: try fields.int("bytes"), data: fields.optionalString("data") ?? "")
        case "stream.closed":
            let reasonText = try fields.string("reason")
            guard let reason = StreamEndReason(rawValue: reasonText) else { throw EventProblem("unknown stream end reason \"\(reasonText)\"") }
            kind = .streamClosed(events: try fields.int("events"), bytes: try fields.int("bytes"), reason: reason)
        case "exchange.completed": kind = .exchangeCompleted(status: try fields.int("status"), attempts: try fields.int("attempts"))
        case "exchange.failed":
            guard case .object = node["error"] ?? .null else { throw EventProblem("\"error\" must be an object with kind and message") }
            let error = EventFields(node: node["error"] ?? .null)
            kind = .exchangeFailed(attempts: try fields.int("attempts"),
                                   error: ErrorSummary(kind: try error.string("kind"), message: try error.string("message"),
                                                       status: try error.optionalInt("status")))
        default:
            throw EventProblem("unknown event \"\(name)\"")
        }
        self.init(exchange: exchange, tMs: tMs, kind: kind)
    }
}

public struct EventProblem: Error {
    public let message: String
    init(_ message: String) { self.message = message }
}

/// Typed access to an event object's keys, saying which key is missing or of the wrong kind.
private struct EventFields {
    let node: JSONNode

    func string(_ key: String) throws(EventProblem) -> String {
        guard case .string(let text) = node[key] else { throw EventProblem("\"\(key)\" must be a string") }
        return text
    }

    func optionalString(_ key: String) -> String? {
        if case .string(let text) = node[key] { return text }
        return nil
    }

    /// Any JSON value; nil for null or a missing key.
    func optionalValue(_ key: String) -> JSONNode? {
        guard let value = node[key], value != .null else { return nil }
        return value
    }

    func strings(_ key: String) throws(EventProblem) -> [String] {
        guard case .array(let items) = node[key] else { throw EventProblem("\"\(key)\" must be a list of strings") }
        return try items.map { item throws(EventProblem) in
            guard case .string(let text) = item else { throw EventProblem("\"\(key)\" must be a list of strings") }
            return text
        }
    }

    func double(_ key: String) throws(EventProblem) -> Double {
        guard case .number(let text) = node[key], let value = Double(text) else { throw EventProblem("\"\(key)\" must be a number") }
        return value
    }

    func int(_ key: String) throws(EventProblem) -> Int {
        guard case .number(let text) = node[key], let value = Int(text) else { throw EventProblem("\"\(key)\" must be a whole number") }
        return value
    }

    /// `direction`: `in` or `out`.
    func direction() throws(EventProblem) -> WebSocketReport.Direction {
        let text = try string("direction")
        guard let direction = WebSocketReport.Direction(rawValue: text) else { throw EventProblem("\"direction\" must be in or out") }
        return direction
    }

    func optionalInt(_ key: String) throws(EventProblem) -> Int? {
        guard let value = node[key], value != .null else { return nil }
        return try int(key)
    }
}
