import Foundation
import RequestModel
import Testing
@testable import ProfileFormat

/// SPEC §8's optional keys of a request: vars, capture, assert and poll read as plain data,
/// survive the writer, and a bad one is refused at its line (and a bad path at its column).
@Suite struct RequestFileChecksTests {
    static let text = """
        requests:
          - name: "login"
            method: "POST"
            url: "auth/login"
            body: { json: "{\\"user\\": \\"{{user}}\\"}" }
            vars: { user: "ann", n: 3 }
            capture:
              token: { json: "$.token", secret: true }
              sid: { header: "Set-Cookie", regex: "sid=([^;]+)" }
              code: { status: true }
              whole: { body: true }
              jar: { cookie: "sid" }
            assert:
              - { status: 200 }
              - { header: "Content-Type", contains: "application/json" }
              - { json: "$.token", exists: true }
              - { duration: { lessThan: 500 } }
              - { json: "roles", count: 2 }
              - { cookie: "sid", matches: "^[a-z]+$" }
              - { body: { startsWith: "{" } }
              - { json: "$.kind", oneOf: ["a", "b"] }
          - name: "job done"
            url: "jobs/{{jobId}}"
            poll: { until: [ { json: "$.state", equals: "done" }, { httpVersion: "HTTP/1.1" } ], every: 0.2, max: 30 }
        """

    static func expected() throws -> SavedRequests { SavedRequests([
        RequestSpec(name: "login", method: "POST", url: "auth/login", body: .json(#"{"user": "{{user}}"}"#),
                    vars: [NamedValue("user", "ann"), NamedValue("n", "3")],
                    captures: [.init("token", .json(try JSONPath("$.token")), secret: true), .init("sid", .header("Set-Cookie"), regex: "sid=([^;]+)"),
                               .init("code", .status), .init("whole", .body), .init("jar", .cookie("sid"))],
                    asserts: [.init(.status, .equals(.number("200"))),
                              .init(.header("Content-Type"), .contains(.string("application/json"))),
                              .init(.json(try JSONPath("$.token")), .exists(true)),
                              .init(.duration, .lessThan(.number("500"))),
                              .init(.json(try JSONPath("roles")), .count(2)),
                              .init(.cookie("sid"), .matches("^[a-z]+$")),
                              .init(.body, .startsWith("{")),
                              .init(.json(try JSONPath("$.kind")), .isIn([.string("a"), .string("b")]))]),
        RequestSpec(name: "job done", url: "jobs/{{jobId}}",
                    poll: .init(until: [.init(.json(try JSONPath("$.state")), .equals(.string("done"))), .init(.httpVersion, .equals(.string("HTTP/1.1")))],
                                every: 0.2, max: 30)),
    ]) }

    @Test func theSpecExampleReadsAsPlainData() throws {
        #expect(try SavedRequestsFile.read(Self.text, file: "r.yaml") == Self.expected())
    }

    @Test func everyCheckSurvivesAWriteAndARead() throws {
        let written = SavedRequestsFile.yaml(try Self.expected())
        let read = try SavedRequestsFile.read(written, file: "r.yaml")
        #expect(try read == Self.expected())
        #expect(SavedRequestsFile.yaml(read) == written)
        #expect(written.contains(#"  - { status: { equals: 200 } }"#))
        #expect(written.contains(#"  - { json: "$.token", exists: true }"#))
        #expect(written.contains(#"poll: { until: [{ json: "$.state", equals: "done" }, { httpVersion: { equals: "HTTP/1.1" } }], every: 0.2, max: 30 }"#))
    }

    /// `body` and `status` captures need no value: `{ status }`, `{ body: }`, `{ status: true }`.
    @Test func bodyAndStatusCapturesNeedNoValue() throws {
        let text = "requests:\n  - name: a\n    url: a\n    capture:\n      c: { status }\n      p: { body: }\n      q: { body: ~, regex: \"(x)\" }\n"
        let read = try SavedRequestsFile.read(text, file: "r.yaml").requests[0].captures
        #expect(read == [.init("c", .status), .init("p", .body), .init("q", .body, regex: "(x)")])
    }

    /// A file of an older build (session-style bodies too) still reads.
    @Test func bothBodyFormsRead() throws {
        let text = """
            requests:
              - { name: a, url: a, body: { raw: "x" } }
              - { name: b, url: b, body: { text: "x", contentType: "text/csv" } }
              - { name: c, url: c, body: { json: { k: [1, "2"] } } }
              - { name: d, url: d, body: { form: [{ name: "a=b", value: "c" }, "k=v"] } }
              - { name: e, url: e, body: { multipart: [{ name: "t", text: "@x" }, { name: "f", file: "/p" }, "g=@/q"] } }
              - { name: f, url: f, body: { base64: "AP8=" } }
            """
        let read = try SavedRequestsFile.read(text, file: "r.yaml").requests.map(\.body)
        #expect(read == [.text("x", contentType: nil), .text("x", contentType: "text/csv"), .json("{\n  \"k\": [1, \"2\"]\n}"),
                         .form([NamedValue("a=b", "c"), NamedValue("k", "v")]),
                         .multipart([.text(name: "t", value: "@x"), .file(name: "f", path: "/p"), .file(name: "g", path: "/q")]),
                         .binary(Data([0, 255]), contentType: nil)])
        let requests = try SavedRequestsFile.read(text, file: "r.yaml")
        #expect(try SavedRequestsFile.read(SavedRequestsFile.yaml(requests), file: "r.yaml") == requests)
    }

    static let head = "requests:\n  - name: a\n    url: a\n"

    @Test(arguments: [
        ("    capture:\n      t: { json: \"$.items[?@.price <]\" }\n", "r.yaml:5:37: requests[0].capture.t.json: bad JSON path"),
        ("    assert:\n      - { json: \"$.a[\", equals: 1 }\n", "r.yaml:5:22: requests[0].assert[0].json: bad JSON path"),
        ("    assert:\n      - { json: \"$.a\", isBig: 1 }\n", "r.yaml:5:24: requests[0].assert[0].isBig: unknown key"),
        ("    assert:\n      - { body: { huge: 1 } }\n", "r.yaml:5:19: requests[0].assert[0].body.huge: unknown key"),
        ("    assert:\n      - { json: \"$.a\" }\n", "r.yaml:5:9: requests[0].assert[0]: give exactly one predicate"),
        ("    assert:\n      - { status: 200, json: \"$.a\" }\n", "r.yaml:5:9: requests[0].assert[0]: give exactly one subject"),
        ("    assert:\n      - { json: \"$.a\", matches: \"(\" }\n", "r.yaml:5:33: requests[0].assert[0].matches: \"(\" is not a regular expression"),
        ("    poll: { until: [], every: 1, max: 3 }\n", "r.yaml:4:20: requests[0].poll.until: a poll needs at least one assert"),
        ("    poll: { until: [{ status: 200 }], every: 1 }\n", "r.yaml:4:11: requests[0].poll: max is missing"),
        ("    poll: { until: [{ status: 200 }], every: -1, max: 3 }\n", "r.yaml:4:46: requests[0].poll.every: must not be negative"),
        ("    poll: { until: [{ status: 200 }], every: 0.0001, max: 3 }\n", "r.yaml:4:46: requests[0].poll.every: every is 0 or 0.001"),
        ("    poll: { until: [{ status: 200 }], every: 1, max: 0 }\n", "r.yaml:4:54: requests[0].poll.max: 0 is out of range"),
        ("    capture:\n      t: { json: \"$.a\", header: \"X\" }\n", "r.yaml:5:10: requests[0].capture.t: give exactly one of json"),
        ("    capture:\n      t: { status: false }\n", "r.yaml:5:20: requests[0].capture.t.status: write status: true"),
        ("    capture:\n      t: { body: true, regex: \"[\" }\n", "r.yaml:5:31: requests[0].capture.t.regex: \"[\" is not a regular expression"),
        ("    capture:\n      \"a b\": { body: true }\n", "r.yaml:5:14: requests[0].capture.a b: \"a b\" is not a variable name"),
        ("    vars: { \"{{x}}\": 1 }\n", "r.yaml:4:22: requests[0].vars.{{x}}: \"{{x}}\" is not a variable name"),
    ] as [(String, String)])
    func aBadCheckIsRefusedWhereItIs(text: String, message: String) {
        #expect {
            try SavedRequestsFile.read(Self.head + text, file: "r.yaml")
        } throws: { error in
            let description = (error as? ProfileProblem)?.description ?? "\(error)"
            return description.hasPrefix(message)
        }
    }
}
