import RequestModel
import ClientCore
import Foundation
import Profiles
import Testing
@testable import Sessions

/// Passwords in URLs never reach a session file: snapshot, request URL, event URLs.
@Suite struct SessionURLPasswordTests {
    @Test func passwordsInURLsAreMaskedEverywhereARecordingKeepsThem() throws {
        var profile = Profile(name: "p")
        profile.baseURL = "http://bob:hunter2@api.example/v1/"
        let recorder = SessionRecorder(profile: profile)
        #expect(recorder.snapshot(of: profile).baseURL == "http://bob:•••@api.example/v1/")
        #expect(recorder.secretValues.contains("hunter2"))
        let id = ExchangeID(1)
        let events = [
            ClientEvent(exchange: id, tMs: 0, kind: .attemptStarted(attempt: 1, method: "GET", url: "http://bob:hunter2@api.example/v1/a")),
            ClientEvent(exchange: id, tMs: 1, kind: .redirectFollowed(attempt: 1, status: 302, from: "http://bob:hunter2@api.example/v1/a",
                                                                         to: "http://eve:other-pass@else.example/b")),
            ClientEvent(exchange: id, tMs: 2, kind: .altStarted(attempt: 1, method: "POST", url: "http://bob:hunter2@api.example/auth")),
        ]
        let request = RequestSpec(method: "GET", url: "http://carol:req-pass@other.example/x")
        let result: Result<HTTPResponse, HTTPError> = .failure(HTTPError(.connectionRefused, "refused"))
        let recorded = recorder.exchange(request: request, events: events, result: result)
        let session = Session(profile: recorder.snapshot(of: profile), exchanges: [recorded])
        let text = SessionWriter.yaml(session)
        for secret in ["hunter2", "other-pass", "req-pass"] { #expect(!text.contains(secret), "\(secret) in \(text)") }
        #expect(text.contains("bob:•••@api.example"))

        // Recorded with secrets kept, then redacted for a file: the same.
        let kept = SessionRecorder(profile: profile, secrets: .kept).exchange(request: request, events: events, result: result)
        #expect(SessionWriter.yaml(Session(profile: recorder.snapshot(of: profile), exchanges: [kept])).contains("req-pass"))
        let redacted = SessionWriter.yaml(Session(profile: recorder.snapshot(of: profile), exchanges: [recorder.redacted(kept)]))
        for secret in ["hunter2", "other-pass", "req-pass"] { #expect(!redacted.contains(secret), "\(secret) in \(redacted)") }
    }
}
