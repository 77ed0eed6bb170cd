import Foundation
import Testing

/// `replay`'s usage errors (exit 2, naming the file, line and key) and Ctrl-C (130).
@Suite struct ReplayUsageTests {
    @Test func aBadSessionFileNamesFileLineAndKey() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let path = directory.path("bad.yaml")
        try "version: 1\nprofile: { name: demo }\nexchanges:\n  - request: { method: GET, url: x, verb: POST }\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try await runExplorer(["replay", path], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderrText.hasPrefix("explorer: \(path):4:37: exchanges[0].request.verb: unknown key"))
        #expect(outcome.stdoutText.isEmpty)
    }

    @Test func aMissingFileOrProfileIsAUsageError() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let missing = try await runExplorer(["replay", directory.path("nope.yaml")], in: directory)
        #expect(missing.status == 2)
        #expect(missing.stderrText.contains("nope.yaml: no such file"))

        let profile = try await runExplorer(["replay", ReplayFixtures.session("tour"), "--profile", "nosuch"], in: directory)
        #expect(profile.status == 2)
        #expect(profile.stderrText.contains("nosuch"))

        let sessionProfile = try ReplayFixtures.edited("tour", in: directory, [(#"name: "demo""#, #"name: "staging""#)])
        let named = try await runExplorer(["replay", sessionProfile], in: directory)
        #expect(named.status == 2)
        #expect(named.stderrText.contains("the session's profile \"staging\""))
        #expect(named.stderrText.contains("--profile"))

        let junit = try await runExplorer(["replay", ReplayFixtures.session("tour"), "--junit", directory.path("no/such/dir/r.xml")], in: directory)
        #expect(junit.status == 2)
        #expect(junit.stderrText.contains("--junit"))
    }

    @Test func aRequestThatCannotBeBuiltStopsTheReplayBeforeAnythingIsSent() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let path = directory.path("parts.yaml")
        try """
            version: 1
            profile: { name: demo }
            exchanges:
              - request: { method: GET, url: json/1 }
              - name: upload
                request:
                  method: POST
                  url: upload
                  body: { multipart: [ { name: f, file: "\(directory.path("missing.bin"))" } ] }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let events = directory.path("events.jsonl")
        let outcome = try await runExplorer(["replay", path, "--events", events], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderrText.hasPrefix("explorer: \(path): exchanges[1] (upload): multipart part f=@"))
        #expect(outcome.stdoutText.isEmpty)
        #expect(try String(contentsOfFile: events, encoding: .utf8).isEmpty)
    }

    @Test func ctrlCStopsTheReplayWith130() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let path = directory.path("slow.yaml")
        try "version: 1\nprofile: { name: demo }\nexchanges:\n  - request: { method: GET, url: delay/20000 }\n  - request: { method: GET, url: json/1 }\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let events = directory.path("events.jsonl")
        let report = directory.path("report.xml")
        let child = try ExplorerProcess.start(["replay", path, "--events", events, "--junit", report], in: directory,
                                              environment: ["EXPLORER_HOME": directory.path("home")])
        let started = try await eventually(within: 10) {
            (try? String(contentsOfFile: events, encoding: .utf8))?.contains("attempt.started") == true
        }
        #expect(started)
        child.signal(SIGINT)
        let outcome = try await child.finish()
        #expect(outcome.status == 130, "\(outcome.stderrText)")
        #expect(outcome.stderrText.contains("cancelled"))
        let lines = try EventLines(path: events)
        #expect(lines.named("exchange.failed").first.flatMap { ($0["error"] as? [String: Any])?["kind"] as? String } == "cancelled")
        // Exchanges a Ctrl-C left unsent are reported as skipped.
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains("<skipped/>"))
    }
}
