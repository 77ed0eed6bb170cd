import Foundation
import RequestModel

extension ClientEvent {
    /// The event as one SPEC §3 JSON Lines object: `event`, `exchange`, `t_ms`, then its own keys.
    public var jsonLine: String {
        let head: JSONNode = ["event": .string(name), "exchange": .integer(exchange.value), "t_ms": .milliseconds(tMs)]
        return JSONNode.object(head.members + extraFields.members).compactText
    }

    private var extraFields: JSONNode {
        switch kind {
        case let .attemptStarted(attempt, method, url):
            return ["attempt": .integer(attempt), "method": .string(method), "url": .string(url)]
        case let .responseReceived(attempt, status, bytes, elapsedMs, version, encoding):
            let fields: JSONNode = ["attempt": .integer(attempt), "status": .integer(status), "bytes": .integer(bytes),
                                    "elapsed_ms": .milliseconds(elapsedMs), "http_version": .string(version)]
            guard let encoding else { return fields }
            return .object(fields.members + [.init("encoding", .string(encoding.name)), .init("encoded_bytes", .integer(encoding.bytes))])
        case let .transportFailed(attempt, kind, message):
            return ["attempt": .integer(attempt), "kind": .string(kind.rawValue), "message": .string(message)]
        case let .validatorDecided(attempt, validator, decision, reason):
            return ["attempt": .integer(attempt), "validator": .string(validator),
                    "decision": .string(decision.rawValue), "reason": .string(reason)]
        case let .retryScheduled(attempt, strategy, delayMs, source):
            return ["attempt": .integer(attempt), "strategy": .string(strategy),
                    "delay_ms": .milliseconds(delayMs), "source": .string(source.rawValue)]
        case let .retrySkipped(attempt, reason):
            return ["attempt": .integer(attempt), "reason": .string(reason)]
        case let .credentialsWithheld(attempt, origin, headers):
            return ["attempt": .integer(attempt), "origin": .string(origin), "headers": .array(headers.map(JSONNode.string))]
        case let .redirectFollowed(attempt, status, from, to):
            return ["attempt": .integer(attempt), "status": .integer(status), "from": .string(from), "to": .string(to)]
        case let .altStarted(attempt, method, url):
            return ["attempt": .integer(attempt), "method": .string(method), "url": .string(url)]
        case let .altFinished(attempt, status, error):
            var fields: [JSONNode.Member] = [.init("attempt", .integer(attempt))]
            if let status { fields.append(.init("status", .integer(status))) }
            if let error { fields.append(.init("error", .string(error))) }
            return .object(fields)
        case let .taskStarted(attempt), let .taskFinished(attempt):
            return ["attempt": .integer(attempt)]
        case let .taskFailed(attempt, message):
            return ["attempt": .integer(attempt), "message": .string(message)]
        case let .authAuthorize(url):
            return ["url": .string(url)]
        case let .authDevice(device):
            var fields: [JSONNode.Member] = [.init("user_code", .string(device.userCode)), .init("verification_uri", .string(device.verificationURI))]
            if let complete = device.verificationURIComplete { fields.append(.init("verification_uri_complete", .string(complete))) }
            return .object(fields + [.init("expires_in", .integer(device.expiresIn)), .init("interval", .integer(device.interval))])
        case let .authToken(grant, expiresIn, scope):
            return ["grant": .string(grant), "expires_in": expiresIn.map(JSONNode.integer) ?? .null, "scope": scope.map(JSONNode.string) ?? .null]
        case let .authFailed(grant, error, description):
            return ["grant": .string(grant), "error": .string(error), "description": description.map(JSONNode.string) ?? .null]
        case let .wsOpened(url, chosen, extensions):
            return ["url": .string(url), "protocol": .string(chosen), "extensions": .array(extensions.map(JSONNode.string))]
        case let .wsMessage(message):
            var fields: [JSONNode.Member] = [.init("direction", .string(message.direction.rawValue)), .init("kind", .string(message.kind)),
                                             .init("bytes", .integer(message.bytes))]
            switch message.content {
            case .text(let text): fields.append(.init("data", .string(text)))
            case .binary(let data): fields.append(.init("data_base64", .string(data.base64EncodedString())))
            }
            return .object(fields)
        case let .wsPing(direction, bytes), let .wsPong(direction, bytes):
            return ["direction": .string(direction.rawValue), "bytes": .integer(bytes)]
        case let .wsClosed(closed):
            return ["code": .integer(closed.code), "reason": .string(closed.reason), "by": .string(closed.by.rawValue),
                    "messages_in": .integer(closed.messagesIn), "messages_out": .integer(closed.messagesOut)]
        case let .captureSet(name, source, value):
            return ["name": .string(name), "source": .string(source), "value": .string(value)]
        case let .assertPassed(report), let .assertFailed(report):
            return ["request": .string(report.request), "subject": .string(report.subject), "predicate": .string(report.predicate),
                    "expected": report.expected ?? .null, "actual": report.actual ?? .null]
        case let .streamOpened(attempt, contentType):
            return ["attempt": .integer(attempt), "content_type": .string(contentType)]
        case let .streamEvent(event):
            var fields: [JSONNode.Member] = [.init("index", .integer(event.index)), .init("type", .string(event.type)),
                                             .init("data", .string(event.data)), .init("id", .string(event.id))]
            if let retry = event.retry { fields.append(.init("retry", .integer(retry))) }
            return .object(fields)
        case let .streamRecord(index, bytes, data):
            return ["index": .integer(index), "bytes": .integer(bytes), "data": .string(data)]
        case let .streamClosed(events, bytes, reason):
            return ["events": .integer(events), "bytes": .integer(bytes), "reason": .string(reason.rawValue)]
        case let .exchangeCompleted(status, attempts):
            return ["status": .integer(status), "attempts": .integer(attempts)]
        case let .exchangeFailed(attempts, error):
            var object: [JSONNode.Member] = [.init("kind", .string(error.kind)), .init("message", .string(error.message))]
            if let status = error.status { object.append(.init("status", .integer(status))) }
            return ["attempts": .integer(attempts), "error": .object(object)]
        }
    }
}

private extension JSONNode {
    /// Milliseconds to three decimals (sub-millisecond precision without noise), whole ones without
    /// a fraction; null when not finite.
    static func milliseconds(_ value: Double) -> JSONNode {
        guard value.isFinite else { return .null }
        let rounded = (value * 1000).rounded() / 1000
        return .number(rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded))
    }

    var members: [Member] {
        if case .object(let members) = self { members } else { [] }
    }
}
