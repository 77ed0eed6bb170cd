import RequestModel
import ClientCore
import Foundation
@testable import Sessions
import Testing

/// The YAML layout: every part of a session survives a write and a read, and hostile text stays text.
@Suite struct SessionFileTests {
    @Test func everyPartSurvivesARoundTrip() throws {
        let session = try sampleSession()
        let yaml = SessionWriter.yaml(session)
        let read = try SessionReader.read(yaml, file: "s.yaml")
        #expect(read == session)
        // Written again, the text is the same: the layout is stable.
        #expect(SessionWriter.yaml(read) == yaml)
    }

    @Test func writesAtomicallyWithMode0600AndReadsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("nested/s.yaml")
        try SessionFile.write(sampleSession(), to: url)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try SessionFile.read(url) == sampleSession())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["s.yaml"])
    }

    @Test func readsLikeTheJSONItHolds() throws {
        let yaml = SessionWriter.yaml(try sampleSession())
        #expect(yaml.contains("    request:\n      method: \"POST\"\n      url: \"users?x=1&y=%20\"\n"))
        #expect(yaml.contains(#"- {"event": "attempt.started", "exchange": 7, "t_ms": 0, "attempt": 1, "method": "POST", "url": "http://127.0.0.1:8080/api/users"}"#))
        #expect(yaml.contains("      - attempt: 2\n"))
        // SPEC §8's keys sit in the exchange's request, as in a request file.
        #expect(yaml.contains("      assert:\n        - { status: { in: [200, 201] } }\n        - { json: \"$.name\", equals: \"{{user}}\" }\n"))
        #expect(yaml.contains(#"      poll: { until: [{ json: "$.state", equals: "done" }], every: 0.5, max: 4 }"#))
        #expect(yaml.contains("        json: {\n"))
        #expect(yaml.contains(#""tags": ["a", "b"]"#))
        #expect(yaml.contains(#"- "Set-Cookie: a=1""#))
        // No raw control or line-separator character reaches the file.
        #expect(!yaml.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 })
    }

    @Test func hostileTextCannotChangeTheStructure() throws {
        var session = Session(profile: Session.ProfileSnapshot(name: "x"))
        for text in ["- name: injected", "key: value\nexchanges: []", "\"", "'", "#", "&anchor", "*alias", "!!binary", "{", "[", "|", ">", "%YAML", "---", "...", "a\u{FEFF}b", "\u{FFFF}", "\u{0}"] {
            session.exchanges.append(Session.Exchange(name: text, request: RequestSpec(method: "GET", url: text,
                                                                                             headers: [Session.Field("X", text.filter { $0.isASCII && !($0.asciiValue! < 0x20) })], body: .text(text, contentType: text))))
        }
        let read = try SessionReader.read(SessionWriter.yaml(session), file: "s.yaml")
        #expect(read == session)
    }

    @Test func aHandWrittenSessionNeedsNoEventsOrOutcomes() throws {
        let yaml = """
        version: 1
        profile: { name: demo }
        exchanges:
          - request: { method: GET, url: json/1 }
          - name: post
            request:
              method: POST
              url: echo
              headers: ["X-Note: hello"]
              body:
                json: { name: ann, age: 3, ok: true, none: null }
        """
        let session = try SessionReader.read(yaml, file: "hand.yaml")
        #expect(session.check == Session.Check())
        #expect(session.secrets == .redacted)
        #expect(session.exchanges.count == 2)
        #expect(session.exchanges[1].request.headers == [Session.Field("X-Note", "hello")])
        #expect(session.exchanges[1].request.body == .json(JSONNode.object([.init("name", .string("ann")), .init("age", .number("3")),
                                                                               .init("ok", .bool(true)), .init("none", .null)]).prettyText()))
        #expect(session.exchanges[0].outcome == nil)
    }
}
