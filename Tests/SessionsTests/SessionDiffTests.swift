@testable import Sessions
import Testing
import RequestModel

/// Comparing outcomes: status, the chosen headers, the body by kind, failures.
@Suite struct SessionDiffTests {
    private func outcome(_ status: Int = 200, type: String = "application/json", body: Session.BodyRecord) -> Session.Outcome {
        Session.Outcome(status: status, headers: [Session.Field("Content-Type", type), Session.Field("Date", "now")], body: body)
    }

    private func json(_ text: String) -> Session.BodyRecord { .json(JSONNode.parse(text)!) }

    @Test func sameOutcomesAreEqualWhateverTheUncheckedHeaders() {
        var other = outcome(body: json(#"{"b": 2, "a": 1}"#))
        other.headers[1] = Session.Field("date", "later")
        #expect(SessionDiff.compare(expected: outcome(body: json(#"{"a": 1, "b": 2}"#)), actual: other).isEqual)
    }

    @Test func statusHeadersAndBodyDifferencesReadWell() {
        let diff = SessionDiff.compare(expected: outcome(body: json(#"{"items": [{"name": "ann"}]}"#)),
                                       actual: outcome(201, type: "text/json", body: json(#"{"items": [{"name": "bob"}]}"#)),
                                       check: Session.Check(headers: ["content-type", "X-Missing"]))
        #expect(diff.rendered == """
            status: expected 200, got 201
            header content-type: expected "application/json", got "text/json"
            body $.items[0].name: expected "ann", got "bob"
            """)
        #expect(diff.differences.map(\.place) == [.status, .header("content-type"), .body(NormalizedPath([.name("items"), .index(0), .name("name")]))])
    }

    @Test func ignorePatternsApplyToTheBody() {
        let diff = SessionDiff.compare(expected: outcome(body: json(#"{"token": "a", "ok": true}"#)),
                                       actual: outcome(body: json(#"{"token": "b", "ok": true}"#)), check: Session.Check(ignore: ["$.token"]))
        #expect(diff.isEqual)
    }

    @Test func textComparesExactlyAndNamesTheLine() {
        let diff = SessionDiff.compare(expected: outcome(type: "text/plain", body: .text("one\ntwo\nthree")),
                                       actual: outcome(type: "text/plain", body: .text("one\ntoo\nthree")))
        #expect(diff.rendered == #"body text line 2: expected "two", got "too""#)
    }

    @Test func hashedBodiesCompareByHash() {
        let a = Session.BodyRecord.digest(sha256: String(repeating: "a", count: 64), size: 10, contentType: nil)
        let b = Session.BodyRecord.digest(sha256: String(repeating: "b", count: 64), size: 11, contentType: nil)
        #expect(SessionDiff.compare(expected: outcome(body: a), actual: outcome(body: a)).isEqual)
        #expect(SessionDiff.compare(expected: outcome(body: a), actual: outcome(body: b)).rendered
            == "body: expected 10 bytes with sha256 aaaaaaaaaaaa…, got 11 bytes with sha256 bbbbbbbbbbbb…")
        #expect(SessionDiff.compare(expected: outcome(body: a), actual: outcome(body: .text("x"))).rendered
            == #"body: expected 10 bytes with sha256 aaaaaaaaaaaa…, got text "x""#)
        #expect(SessionDiff.compare(expected: outcome(body: .empty), actual: outcome(body: json("[]"))).rendered == "body: expected no body, got JSON []")
    }

    @Test func failuresAreOutcomesToo() {
        let failed = Session.Outcome(status: nil, error: Session.Failure(kind: "connectionRefused", message: "refused"))
        let fine = outcome(body: .empty)
        #expect(SessionDiff.compare(expected: fine, actual: failed).rendered
            == "outcome: expected a response, got a failure (connectionRefused): refused\nstatus: expected 200, got none")
        #expect(SessionDiff.compare(expected: failed, actual: failed).isEqual)
        let exhausted = Session.Outcome(status: 503, error: Session.Failure(kind: "retriesExhausted", message: "gave up"))
        #expect(SessionDiff.compare(expected: exhausted, actual: failed).differences.map(\.place) == [.outcome, .status])
    }

    @Test func manyBodyDifferencesAreCut() {
        let expected = json("[" + (0..<100).map(String.init).joined(separator: ",") + "]")
        let actual = json("[" + (0..<100).map { String($0 + 1) }.joined(separator: ",") + "]")
        let diff = SessionDiff.compare(expected: outcome(body: expected), actual: outcome(body: actual), limit: 5)
        #expect(diff.differences.count == 5)
        #expect(diff.truncated)
        #expect(diff.rendered.hasSuffix("… and more body differences"))
    }
}
