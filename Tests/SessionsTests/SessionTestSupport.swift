import ClientCore
import Foundation
@testable import Sessions
import RequestModel

/// A temporary directory, removed by `remove()`.
struct TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-sessions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A session with every kind of request body, outcome and event, and text that tries to break YAML.
func sampleSession() throws -> Session {
    let id = ExchangeID(7)
    let hostile = "line one\nline two: \"quoted\" # not a comment\u{2028}{[&*!|>'%@`]}\u{1B}[31m\u{85}"
    var session = Session(profile: Session.ProfileSnapshot(name: "staging", baseURL: "http://127.0.0.1:8080/api/",
                                                           headers: [Session.Field("User-Agent", "explorer"), Session.Field("Authorization", "•••")]),
                          check: Session.Check(headers: ["Content-Type", "X-Version"], ignore: ["$.id", "$.items[*].createdAt", "$..time"]))
    session.exchanges = [
        Session.Exchange(
            name: "users", startedAt: Date(timeIntervalSince1970: 1_800_000_000),
            request: RequestSpec(method: "POST", url: "users?x=1&y=%20", headers: [Session.Field("X-Note", "a: \"quoted\" # not a comment {[&*!|>'%@`]}")],
                                     body: .json(JSONNode.parse(#"{"name":"ann","tags":["a","b"],"n":1.50,"nested":{"deep":[{"x":null}]},"t":true}"#)!.prettyText()),
                                 vars: [NamedValue("user", "ann")],
                                 captures: [.init("token", .json(try JSONPath("$.token")), secret: true), .init("sid", .cookie("sid"), regex: "(.*)")],
                                 asserts: [.init(.status, .isIn([.number("200"), .number("201")])), .init(.json(try JSONPath("$.name")), .equals(.string("{{user}}")))],
                                 poll: .init(until: [.init(.json(try JSONPath("$.state")), .equals(.string("done")))], every: 0.5, max: 4)),
            events: [
                ClientEvent(exchange: id, tMs: 0, kind: .attemptStarted(attempt: 1, method: "POST", url: "http://127.0.0.1:8080/api/users")),
                ClientEvent(exchange: id, tMs: 3.25, kind: .responseReceived(attempt: 1, status: 503, bytes: 12, elapsedMs: 3.1, httpVersion: "HTTP/1.1")),
                ClientEvent(exchange: id, tMs: 3.5, kind: .validatorDecided(attempt: 1, validator: "default", decision: .retry, reason: "503 is retried")),
                ClientEvent(exchange: id, tMs: 3.6, kind: .retryScheduled(attempt: 1, strategy: "exponential", delayMs: 200, source: .retryAfter)),
                ClientEvent(exchange: id, tMs: 204, kind: .attemptStarted(attempt: 2, method: "POST", url: "http://127.0.0.1:8080/api/users")),
                ClientEvent(exchange: id, tMs: 205, kind: .transportFailed(attempt: 2, kind: .connectionReset, message: hostile)),
                ClientEvent(exchange: id, tMs: 206, kind: .altStarted(attempt: 2, method: "POST", url: "auth/refresh")),
                ClientEvent(exchange: id, tMs: 207, kind: .altFinished(attempt: 2, status: 200, error: nil)),
                ClientEvent(exchange: id, tMs: 208, kind: .taskStarted(attempt: 2)),
                ClientEvent(exchange: id, tMs: 209, kind: .taskFailed(attempt: 2, message: "no")),
                ClientEvent(exchange: id, tMs: 210, kind: .redirectFollowed(attempt: 2, status: 302, from: "a", to: "b")),
                ClientEvent(exchange: id, tMs: 210.5, kind: .credentialsWithheld(attempt: 2, origin: "http://b:80", headers: ["Authorization", "X-Key"])),
                ClientEvent(exchange: id, tMs: 211, kind: .retrySkipped(attempt: 2, reason: "retries exhausted")),
                ClientEvent(exchange: id, tMs: 212, kind: .exchangeFailed(attempts: 2, error: ClientEvent.ErrorSummary(kind: "retriesExhausted", message: "gave up", status: 503))),
            ],
            outcome: Session.Outcome(status: 503, body: .text(hostile), error: Session.Failure(kind: "retriesExhausted", message: "gave up"),
                                     attempts: 2, elapsedMs: 212.125),
            check: Session.Check(headers: [], ignore: ["$.token"])
        ),
        Session.Exchange(
            request: RequestSpec(method: "GET", url: "json/1"),
            events: [ClientEvent(exchange: ExchangeID(8), tMs: 1, kind: .exchangeCompleted(status: 200, attempts: 1))],
            outcome: Session.Outcome(status: 200, httpVersion: "HTTP/1.1",
                                     headers: [Session.Field("Content-Type", "application/json"), Session.Field("Set-Cookie", "a=1"), Session.Field("Set-Cookie", "b=2")],
                                     body: .json(JSONNode.parse(#"[1, 2.0, -3e2, "x", {"k": {}}, [], {}]"#)!), attempts: 1, elapsedMs: 1)
        ),
        Session.Exchange(name: "form", request: RequestSpec(method: "PUT", url: "http://elsewhere.example/x",
                                                                body: .form([Session.Field("a", "1"), Session.Field("a", "2 & 3")])),
                         outcome: Session.Outcome(status: 200, body: .digest(sha256: String(repeating: "ab", count: 32), size: 70_000, contentType: "image/png"))),
        Session.Exchange(request: RequestSpec(method: "POST", url: "upload", body: .binary(Data([0, 255, 1, 2]), contentType: "application/x-thing"))),
        Session.Exchange(request: RequestSpec(method: "POST", url: "text", body: .text("plain\ttext", contentType: nil))),
        Session.Exchange(request: RequestSpec(method: "POST", url: "multi", body: .multipart([.text(name: "a", value: "b"), .file(name: "f", path: "/tmp/x y")])),
                         outcome: Session.Outcome(status: nil, error: Session.Failure(kind: "connectionRefused", message: "refused"), attempts: 1)),
    ]
    session.description = "A sample: \"every\" kind of thing\nin one file"
    return session
}
