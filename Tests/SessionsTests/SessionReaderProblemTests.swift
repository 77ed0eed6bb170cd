import Foundation
@testable import Sessions
import Testing

/// Broken, partial and unknown-key session files are refused with file, line, column and key.
@Suite struct SessionReaderProblemTests {
    private func problem(_ yaml: String) -> SessionProblem? {
        do {
            _ = try SessionReader.read(yaml, file: "bad.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test func notYAMLNamesTheLine() {
        let found = problem("version: 1\nprofile: { name: demo\nexchanges: [")
        #expect(found?.file == "bad.yaml")
        #expect(found?.line != nil)
        #expect(found?.message.hasPrefix("not valid YAML") == true)
    }

    @Test func anEmptyFileIsRefused() {
        #expect(problem("")?.message == "the file is empty")
        #expect(problem("# only a comment\n")?.message == "the file is empty")
    }

    @Test func unknownKeysAreNamedWithTheirPlace() {
        let found = problem("version: 1\nprofile: { name: demo }\nexchanges:\n  - request: { method: GET, url: x }\n    colour: blue\n")
        #expect(found?.description == "bad.yaml:5:5: exchanges[0].colour: unknown key (known here: name, at, request, capture, assert, poll, check, attempts, events, outcome)")
    }

    /// SPEC §8 on an exchange's request: a bad path at its column, an unknown predicate, a bad poll.
    @Test func aBadCheckOnARequestNamesItsPlace() {
        let head = "version: 1\nprofile: { name: demo }\nexchanges:\n  - request:\n      url: x\n"
        let badPath = problem(head + "      assert: [{ json: \"$.a[?\", equals: 1 }]\n")?.description ?? ""
        #expect(badPath.hasPrefix("bad.yaml:6:30: exchanges[0].request.assert[0].json: bad JSON path"), "\(badPath)")
        let unknown = problem(head + "      assert: [{ status: 200, above: 1 }]\n")?.description ?? ""
        #expect(unknown.hasPrefix("bad.yaml:6:31: exchanges[0].request.assert[0].above: unknown key"), "\(unknown)")
        #expect(problem(head + "      poll: { until: [{ status: 200 }], every: 1, max: many }\n")?.description
            == #"bad.yaml:6:56: exchanges[0].request.poll.max: expected a whole number, found "many""#)
    }

    @Test func missingAndMistypedValuesAreNamed() {
        #expect(problem("profile: { name: demo }\n")?.description == "bad.yaml:1:1: version is missing")
        #expect(problem("version: 2\nprofile: { name: demo }\n")?.description == "bad.yaml:1:10: version: this explorer reads session format 1, not 2")
        #expect(problem("version: 1\nprofile: { name: demo }\nexchanges:\n  - request: { method: GET }\n")?.description
            == "bad.yaml:4:14: exchanges[0].request: url is missing")
        #expect(problem("version: 1\nprofile: { name: demo }\nexchanges:\n  - request: { method: GET, url: x }\n    outcome: { status: many }\n")?.description
            == #"bad.yaml:5:24: exchanges[0].outcome.status: expected a whole number, found "many""#)
        #expect(problem("version: 1\nprofile: { name: demo }\nexchanges:\n  - request: { method: \"G T\", url: x }\n")?.key == "exchanges[0].request.method")
        #expect(problem("version: 1\nprofile: { name: demo }\ncheck: { ignore: [\"$.a[\"] }\n")?.description
            == #"bad.yaml:3:24: check.ignore[0]: bad JSON path "$.a[": expected a selector: a quoted name, '*', an index, a slice or a '?' filter"#)
        #expect(problem("version: 1\nprofile: { name: demo }\nexchanges:\n  - request: { method: GET, url: x, headers: [\"no colon\"] }\n")?.key
            == "exchanges[0].request.headers[0]")
    }

    @Test func badEventsAreNamed() {
        let yaml = """
        version: 1
        profile: { name: demo }
        exchanges:
          - request: { method: GET, url: x }
            attempts:
              - attempt: 1
                events:
                  - {"event": "attempt.started", "exchange": 1, "t_ms": 0, "attempt": 1, "method": "GET", "url": "x"}
                  - {"event": "attempt.exploded", "exchange": 1, "t_ms": 0, "attempt": 1}
        """
        #expect(problem(yaml)?.description == #"bad.yaml:9:13: exchanges[0].attempts[0].events[1]: unknown event "attempt.exploded""#)
        let missing = yaml.replacingOccurrences(of: #", "method": "GET", "url": "x""#, with: "")
        #expect(problem(missing)?.description == #"bad.yaml:8:13: exchanges[0].attempts[0].events[0]: "method" must be a string"#)
    }

    @Test func aTruncatedFileIsRefusedNotHalfRead() throws {
        let sample = try sampleSession()
        let text = SessionWriter.yaml(sample)
        // Cut anywhere inside the exchanges: either a clean problem or (at a line end) fewer exchanges, never a crash.
        var refused = 0
        for cut in stride(from: text.count / 3, to: text.count - 1, by: 97) {
            let prefix = String(text.prefix(cut))
            do {
                let session = try SessionReader.read(prefix, file: "cut.yaml")
                #expect(session.exchanges.count <= sample.exchanges.count)
            } catch {
                #expect(error.file == "cut.yaml")
                refused += 1
            }
        }
        #expect(refused > 0)
    }

    @Test func aMissingFileSaysSo() {
        #expect(throws: SessionProblem(file: "/nonexistent/s.yaml", line: nil, key: nil, message: "no such file")) {
            try SessionFile.read(URL(fileURLWithPath: "/nonexistent/s.yaml"))
        }
    }

    @Test func anAliasBombIsRefusedNotExpanded() {
        var lines = ["version: 1", "profile: { name: demo }", "exchanges:",
                     #"  - request: { method: GET, url: x, body: { json: &a0 ["x","x","x","x","x","x","x","x","x","x"] } }"#]
        for level in 1..<8 {
            let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",")
            lines.append("  - request: { method: GET, url: x, body: { json: &a\(level) [\(aliases)] } }")
        }
        let found = problem(lines.joined(separator: "\n"))
        #expect(found?.message.contains("more than 3000000 JSON values") == true)
        #expect(found?.key?.hasPrefix("exchanges[") == true)
    }
}
