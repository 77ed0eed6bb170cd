import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `replay --junit` and `--events`: files a CI or a script reads back.
@Suite struct ReplayOutputTests {
    @Test func theJUnitReportParsesWithATestcasePerExchange() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let path = try ReplayFixtures.edited("tour", in: directory, [("      status: 418\n", "      status: 419\n")])
        let report = directory.path("report.xml")
        let outcome = try await runExplorer(["replay", path, "--check", "--junit", report], in: directory)
        #expect(outcome.status == 1)

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "name")?.stringValue == "tour-edited")
        #expect(suite.attribute(forName: "tests")?.stringValue == "6")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue ?? "" } == [
            "1 routes: GET /", "2 users: GET json/1", "3 echo JSON: POST echo?lang=en", "4 echo form: POST echo",
            "5 redirects: GET redirect/2", "6 teapot: GET status/418",
        ])
        #expect(cases.allSatisfy { Double($0.attribute(forName: "time")?.stringValue ?? "") != nil })
        let failures = try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
        #expect(failures.count == 1)
        #expect((failures.first?.parent as? XMLElement)?.attribute(forName: "name")?.stringValue == "6 teapot: GET status/418")
        #expect(failures.first?.attribute(forName: "message")?.stringValue == "status: expected 419, got 418")
        #expect(failures.first?.stringValue == "status: expected 419, got 418")
    }

    @Test func hostileNamesAreEscapedInTheJUnitReport() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let name = #"<b>\"&'</b> ]]> \u0001"#
        let path = try ReplayFixtures.edited("token-refresh", in: directory, [
            (#"- name: "the token is kept""#, "- name: \"\(name)\""), ("      status: 200\n", "      status: 202\n"),
        ])
        let report = directory.path("report.xml")
        let outcome = try await runExplorer(["replay", path, "--check", "--junit", report], in: directory)
        #expect(outcome.status == 1)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let names = try document.nodes(forXPath: "//testcase").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        #expect(names.last == "2 <b>\"&'</b> ]]> \u{FFFD}: GET auth/protected")
    }

    @Test func eventsAreSPECLinesForEveryExchange() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let events = directory.path("events.jsonl")
        let outcome = try await runExplorer(["replay", ReplayFixtures.session("token-refresh"), "--events", events], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        let lines = try EventLines(path: events)
        for object in lines.objects {
            #expect(object["event"] is String)
            #expect(object["exchange"] is Int)
            #expect(object["t_ms"] is NSNumber)
        }
        #expect(lines.count("attempt.started") == 3)
        #expect(lines.count("alt.started") == 1)
        #expect(lines.named("alt.finished").first?["status"] as? Int == 200)
        #expect(lines.named("exchange.completed").map { $0["attempts"] as? Int } == [2, 1])
        #expect(lines.named("attempt.started").allSatisfy { ($0["url"] as? String)?.hasSuffix("/auth/protected") == true })
        // Two exchanges, each with its own id.
        #expect(Set(lines.objects.compactMap { $0["exchange"] as? Int }).count == 2)
    }

    @Test func recordToWritesANewRecordingThatChecksClean() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let fresh = directory.path("fresh.yaml")
        let record = try await runExplorer(["replay", ReplayFixtures.session("token-refresh"), "--record-to", fresh], in: directory)
        #expect(record.status == 0, "\(record.stderrText)")
        let text = try String(contentsOfFile: fresh, encoding: .utf8)
        #expect(text.contains(#"name: "the token is kept""#))
        #expect(!text.contains("Bearer tok-"))
        let check = try await runExplorer(["replay", fresh, "--check"], in: directory)
        #expect(check.status == 0, "\(check.stdoutText)")
    }
}
