import DemoAPI
import Foundation
import Testing

/// A Hurl file imports as a request file (SPEC §9) that `explorer run` runs (SPEC §8): its
/// captures carry the token, its asserts judge, its `retry` polls the job until it is done.
@Suite struct HurlRunTests {
    @Test func aHurlChainImportsAndRunsGreenAgainstTheDemoAPI() async throws {
        try await withDemo { server, directory, _ in try await Self.importAndRun(server, directory) }
    }

    static func importAndRun(_ server: DemoServer, _ directory: TestDirectory) async throws {
        let base = String(server.baseURL.dropLast())
        let hurl = directory.path("chain.hurl")
        try """
            # Log in, call with the token, wait for a job.
            POST \(base)/auth/login
            {"user": "ann", "password": "pw"}
            HTTP 200
            [Captures]
            token: jsonpath "$.token"
            [Asserts]
            header "Content-Type" contains "json"

            GET \(base)/users/me
            Authorization: Bearer {{token}}
            HTTP 200
            [Asserts]
            jsonpath "$.name" == "ann"
            jsonpath "$.roles" count == 2

            POST \(base)/jobs?polls=2
            HTTP 201
            [Captures]
            job: jsonpath "$.id"

            GET \(base)/jobs/{{job}}
            [Options]
            retry: 10
            retry-interval: 50ms
            HTTP 200
            [Asserts]
            jsonpath "$.state" == "done"

            """.write(toFile: hurl, atomically: true, encoding: .utf8)
        let imported = try await runExplorer(["import", hurl, "--profile", "chain"], in: directory)
        #expect(imported.status == 0, "\(imported.stderrText)")
        let requestFile = directory.path("home/profiles/chain.requests.yaml")
        #expect(imported.stdoutText.contains("a request file: explorer run \(requestFile)"))

        let run = try await runExplorer(["run", requestFile, "--events", directory.path("e.jsonl")], in: directory)
        #expect(run.status == 0, "\(run.stdoutText)\(run.stderrText)")
        #expect(run.stdoutText.hasSuffix("4 passed, 0 failed\n"))
        let events = try String(contentsOfFile: directory.path("e.jsonl"), encoding: .utf8)
        #expect(events.contains(#""validator":"poll","decision":"retry""#))
        #expect(events.contains(#""source":"poll""#))

        // The Hurl file runs as it is too, its URLs on its own origin (here not the demo profile's).
        let direct = try await runExplorer(["run", hurl], in: directory)
        #expect(direct.status == 0, "\(direct.stdoutText)\(direct.stderrText)")
        #expect(direct.stdoutText.hasSuffix("4 passed, 0 failed\n"))

        // Its lines are not the YAML's: an undefined variable names the file alone.
        let undefined = directory.path("undefined.hurl")
        try "GET \(base)/users/{{nope}}\nHTTP 200\n".write(toFile: undefined, atomically: true, encoding: .utf8)
        let refused = try await runExplorer(["run", undefined], in: directory)
        #expect(refused.status == 1)
        #expect(refused.stdoutText == "✗ GET users/{{nope}}: undefined variable {{nope}} (\(undefined))\n0 passed, 1 failed\n")
    }
}
