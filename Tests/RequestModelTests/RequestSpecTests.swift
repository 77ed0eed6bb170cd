import RequestModel
import Testing

/// The one request type: how a list line names it, and how its assert subjects are written.
@Suite struct RequestSpecTests {
    @Test func aSummaryNamesMethodAndURL() {
        #expect(RequestSpec(url: "").summary == "GET /")
        #expect(RequestSpec(method: "POST", url: "users/{id}?q={{q}}").summary == "POST users/{id}?q={{q}}")
    }

    @Test func aKeyedSubjectCarriesWhatItNames() throws {
        let subjects: [RequestSpec.Assert.Subject] = [.status, .header("X"), .json(try JSONPath("$.a")), .body, .bytes, .duration, .httpVersion, .cookie("c")]
        #expect(subjects.map(\.key) == ["status", "header", "json", "body", "bytes", "duration", "httpVersion", "cookie"])
        #expect(subjects.map(\.argument) == [nil, "X", "$.a", nil, nil, nil, nil, "c"])
    }

}
