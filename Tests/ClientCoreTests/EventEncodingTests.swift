import Foundation
import Testing
@testable import ClientCore

@Suite struct EventEncodingTests {
    func object(_ event: ClientEvent) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(event.jsonLine.utf8)) as? [String: Any])
    }

    @Test func everyLineHasTheRequiredKeys() throws {
        let kinds: [ClientEvent.Kind] = [
            .attemptStarted(attempt: 1, method: "GET", url: "http://h/x"),
            .responseReceived(attempt: 1, status: 503, bytes: 10, elapsedMs: 1.25, httpVersion: "HTTP/1.1"),
            .transportFailed(attempt: 1, kind: .connectionReset, message: "reset"),
            .validatorDecided(attempt: 1, validator: "default", decision: .retry, reason: "503 is a retriable status"),
            .retryScheduled(attempt: 1, strategy: "immediate", delayMs: 0, source: .retryAfter),
            .retrySkipped(attempt: 1, reason: "retries exhausted"),
            .credentialsWithheld(attempt: 1, origin: "http://other:80", headers: ["Authorization"]),
            .redirectFollowed(attempt: 1, status: 302, from: "a", to: "b"),
            .altStarted(attempt: 1, method: "POST", url: "http://h/refresh"),
            .altFinished(attempt: 1, status: 200, error: nil),
            .taskStarted(attempt: 1), .taskFinished(attempt: 1), .taskFailed(attempt: 1, message: "no"),
            .exchangeCompleted(status: 200, attempts: 2),
            .exchangeFailed(attempts: 2, error: .init(kind: "endpointError", message: "404", status: 404)),
        ]
        for kind in kinds {
            let json = try object(ClientEvent(exchange: ExchangeID(7), tMs: 12.3456, kind: kind))
            #expect(json["exchange"] as? Int == 7)
            #expect(json["t_ms"] as? Double == 12.346)
            #expect((json["event"] as? String)?.contains(".") == true)
        }
    }

    @Test func keysMatchTheSpec() throws {
        let scheduled = try object(ClientEvent(exchange: ExchangeID(1), tMs: 0,
            kind: .retryScheduled(attempt: 2, strategy: "s", delayMs: 250, source: .retryAfter)))
        #expect(scheduled["event"] as? String == "retry.scheduled")
        #expect(scheduled["source"] as? String == "retry-after")
        #expect(scheduled["delay_ms"] as? Int == 250)
        let failed = try object(ClientEvent(exchange: ExchangeID(1), tMs: 0,
            kind: .exchangeFailed(attempts: 1, error: .init(kind: "timeout", message: "slow"))))
        let error = try #require(failed["error"] as? [String: Any])
        #expect(error["kind"] as? String == "timeout" && error["status"] == nil)
    }

    @Test func withheldCredentialsAreNamedAsAList() throws {
        let json = try object(ClientEvent(exchange: ExchangeID(1), tMs: 0,
            kind: .credentialsWithheld(attempt: 2, origin: "http://127.0.0.1:9", headers: ["Authorization", "X-Demo-Key"])))
        #expect(json["event"] as? String == "credentials.withheld")
        #expect(json["attempt"] as? Int == 2)
        #expect(json["origin"] as? String == "http://127.0.0.1:9")
        #expect(json["headers"] as? [String] == ["Authorization", "X-Demo-Key"])
    }

    @Test func hostileTextIsEscaped() throws {
        let event = ClientEvent(exchange: ExchangeID(1), tMs: 0,
                                kind: .transportFailed(attempt: 1, kind: .other, message: "a\"b\\c\n\u{1B}[2J\u{0}é"))
        #expect(!event.jsonLine.contains("\u{1B}") && !event.jsonLine.contains("\n"))
        #expect(try object(event)["message"] as? String == "a\"b\\c\n\u{1B}[2J\u{0}é")
    }

    /// The exact lines, keys in SPEC §3's order: `event`, `exchange`, `t_ms`, then the event's own.
    @Test func linesAreByteStable() {
        let received = ClientEvent(exchange: ExchangeID(7), tMs: 12.3456,
            kind: .responseReceived(attempt: 1, status: 503, bytes: 10, elapsedMs: 1.25, httpVersion: "HTTP/1.1"))
        #expect(received.jsonLine == #"{"event":"response.received","exchange":7,"t_ms":12.346,"attempt":1,"status":503,"bytes":10,"elapsed_ms":1.25,"http_version":"HTTP/1.1"}"#)
        let failed = ClientEvent(exchange: ExchangeID(2), tMs: 0,
            kind: .exchangeFailed(attempts: 2, error: .init(kind: "endpointError", message: "404", status: 404)))
        #expect(failed.jsonLine == #"{"event":"exchange.failed","exchange":2,"t_ms":0,"attempts":2,"error":{"kind":"endpointError","message":"404","status":404}}"#)
        let finished = ClientEvent(exchange: ExchangeID(3), tMs: .infinity, kind: .altFinished(attempt: 1, status: nil, error: "refused"))
        #expect(finished.jsonLine == #"{"event":"alt.finished","exchange":3,"t_ms":null,"attempt":1,"error":"refused"}"#)
    }
}

/// SPEC §11's events: their keys, and none carrying a token.
@Suite struct AuthEventEncodingTests {
    func object(_ kind: ClientEvent.Kind) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(ClientEvent(exchange: ExchangeID(3), tMs: 1, kind: kind).jsonLine.utf8)) as? [String: Any])
    }

    @Test func theAuthEventsHaveTheSpecsKeys() throws {
        let device = try object(.authDevice(.init(userCode: "WDJB-MJHT", verificationURI: "https://h/device", verificationURIComplete: nil,
                                                  expiresIn: 1800, interval: 5)))
        #expect(device["event"] as? String == "auth.device" && device["user_code"] as? String == "WDJB-MJHT")
        #expect(device["verification_uri"] as? String == "https://h/device" && device["verification_uri_complete"] == nil)
        #expect(device["expires_in"] as? Int == 1800 && device["interval"] as? Int == 5)
        let token = try object(.authToken(grant: "refresh_token", expiresIn: nil, scope: "read"))
        #expect(token["event"] as? String == "auth.token" && token["grant"] as? String == "refresh_token")
        #expect(token["expires_in"] is NSNull && token["scope"] as? String == "read")
        let failed = try object(.authFailed(grant: "device_code", error: "access_denied", description: nil))
        #expect(failed["event"] as? String == "auth.failed" && failed["error"] as? String == "access_denied" && failed["description"] is NSNull)
        let authorize = try object(.authAuthorize(url: "https://h/authorize?state=s"))
        #expect(authorize["event"] as? String == "auth.authorize" && authorize["url"] as? String == "https://h/authorize?state=s")
    }

    @Test func theSentencesSayWhatToDo() {
        let device = ClientEvent.Kind.authDevice(.init(userCode: "WDJB-MJHT", verificationURI: "https://h/device",
                                                       verificationURIComplete: "https://h/device?c=1", expiresIn: 600, interval: 5))
        #expect(device.authSentence == "enter the code WDJB-MJHT at https://h/device (or open https://h/device?c=1); it expires in 600 s")
        #expect(ClientEvent.Kind.authFailed(grant: "refresh_token", error: "invalid_grant", description: "spent").authSentence
                == "refresh_token failed: invalid_grant — spent")
        #expect(ClientEvent.Kind.exchangeCompleted(status: 200, attempts: 1).authSentence == nil)
    }
}

/// SPEC §12's events: their keys, text as `data`, binary as `data_base64`.
@Suite struct WebSocketEventEncodingTests {
    func object(_ kind: ClientEvent.Kind) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(ClientEvent(exchange: ExchangeID(2), tMs: 1, kind: kind).jsonLine.utf8)) as? [String: Any])
    }

    @Test func theWebSocketEventsHaveTheSpecsKeys() throws {
        let opened = try object(.wsOpened(url: "ws://h/ws/chat", protocol: "chat.v1", extensions: ["permessage-deflate"]))
        #expect(opened["event"] as? String == "ws.opened" && opened["protocol"] as? String == "chat.v1")
        #expect(opened["extensions"] as? [String] == ["permessage-deflate"])
        let text = try object(.wsMessage(.init(direction: .incoming, content: .text("héllo"))))
        #expect(text["direction"] as? String == "in" && text["kind"] as? String == "text" && text["bytes"] as? Int == 6 && text["data"] as? String == "héllo")
        let binary = try object(.wsMessage(.init(direction: .outgoing, content: .binary(Data([0, 255])))))
        #expect(binary["kind"] as? String == "binary" && binary["data_base64"] as? String == "AP8=" && binary["data"] == nil)
        let ping = try object(.wsPing(direction: .outgoing, bytes: 4))
        #expect(ping["event"] as? String == "ws.ping" && ping["direction"] as? String == "out" && ping["bytes"] as? Int == 4)
        let closed = try object(.wsClosed(.init(code: 1000, reason: "bye", by: .server, messagesIn: 3, messagesOut: 2)))
        #expect(closed["code"] as? Int == 1000 && closed["by"] as? String == "server" && closed["messages_in"] as? Int == 3 && closed["messages_out"] as? Int == 2)
    }
}
