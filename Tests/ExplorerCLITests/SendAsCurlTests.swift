import Foundation
import Testing

/// `--as-curl` prints the request as a curl command, sends nothing, and hides credentials unless asked.
@Suite struct SendAsCurlTests {
    @Test func printsTheCommandAndSendsNothing() async throws {
        try await withDemo { server, directory, key in
            let file = directory.path("body.json")
            try Data("{\"a\":1}".utf8).write(to: URL(fileURLWithPath: file))
            let outcome = try await ExplorerProcess.run(
                ["send", "--as-curl", "-H", "X-Demo-Key: \(key)", "--query", "q=a b", "--json", "@\(file)", "-X", "PUT", "\(server.baseURL)echo"],
                in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(outcome.stderrText.isEmpty, "no status line: nothing was sent")
            let command = outcome.stdoutText
            #expect(command.hasPrefix("curl '\(server.baseURL)echo?q=a%20b' -X PUT "), "\(command)")
            #expect(command.contains("-H 'X-Demo-Key: \(key)'"))
            #expect(command.contains("-H 'Content-Type: application/json'"))
            #expect(command.contains("-H 'Accept: application/json'"))
            #expect(command.contains("--data-binary @\(file)"), "a file stays a file: \(command)")
            #expect(command.hasSuffix("\n"))
            #expect(await server.requestCount(path: "/", key: key) == 0)
        }
    }

    @Test func credentialsAreRedactedUnlessIncluded() async throws {
        try await withDemo { server, directory, key in
            let arguments = ["send", "--as-curl", "-H", "X-Demo-Key: \(key)", "-H", "Authorization: Bearer t0psecret",
                             "-H", "Cookie: session=c00kie", "-H", "Proxy-Authorization: Basic cHJveHk=", "\(server.baseURL)echo"]
            let hidden = try await ExplorerProcess.run(arguments, in: directory)
            #expect(hidden.status == 0, "\(hidden.stderrText)")
            for secret in ["t0psecret", "c00kie", "cHJveHk="] { #expect(!hidden.stdoutText.contains(secret), "\(hidden.stdoutText)") }
            #expect(hidden.stdoutText.contains("-H 'Authorization: REDACTED'"))
            #expect(hidden.stdoutText.contains("-H 'Cookie: REDACTED'"))
            #expect(hidden.stdoutText.contains("-H 'Proxy-Authorization: REDACTED'"))

            let shown = try await ExplorerProcess.run(Array(arguments.dropLast()) + ["--include-secrets", "\(server.baseURL)echo"], in: directory)
            #expect(shown.status == 0, "\(shown.stderrText)")
            for secret in ["Bearer t0psecret", "session=c00kie", "Basic cHJveHk="] { #expect(shown.stdoutText.contains(secret), "\(shown.stdoutText)") }
            #expect(!shown.stdoutText.contains("REDACTED"))

            // curl's -u becomes basic auth, hidden the same way.
            let user = try await ExplorerProcess.run(["send", "--as-curl", "--from-curl", "curl -u bob:hunter2 '\(server.baseURL)echo?key=\(key)'"],
                                                     in: directory)
            #expect(user.status == 0, "\(user.stderrText)")
            #expect(user.stdoutText.contains("-H 'Authorization: REDACTED'"), "\(user.stdoutText)")
            #expect(!user.stdoutText.contains("hunter2") && !user.stdoutText.contains(Data("bob:hunter2".utf8).base64EncodedString()))
            #expect(await server.requestCount(path: "/", key: key) == 0)
        }
    }

    /// A profile's auth in a header of its own (`auth: { header: … }`) is a secret like Authorization.
    @Test func aCustomAuthHeaderIsRedactedUnlessIncluded() async throws {
        try await withDemo { server, directory, key in
            let home = try ProfileHome(directory)
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: \(key) }
                auth: { header: { name: X-Api-Key, value: "k3y-s3cr3t" } }
                """, profile: "work")
            let hidden = try await home.run(["send", "--profile", "work", "--as-curl", "echo"])
            #expect(hidden.status == 0, "\(hidden.stderrText)")
            #expect(hidden.stdoutText.contains("-H 'X-Api-Key: REDACTED'"), "\(hidden.stdoutText)")
            #expect(!hidden.stdoutText.contains("k3y-s3cr3t"))
            #expect(hidden.stdoutText.contains("-H 'X-Demo-Key: \(key)'"), "a key header is no secret of the user's")
            let shown = try await home.run(["send", "--profile", "work", "--as-curl", "--include-secrets", "echo"])
            #expect(shown.stdoutText.contains("-H 'X-Api-Key: k3y-s3cr3t'"), "\(shown.stdoutText)")
            #expect(await server.requestCount(path: "/", key: key) == 0)
        }
    }

    @Test func theProfilesBaseURLAndHeadersAreInTheCommand() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let outcome = try await ExplorerProcess.run(["send", "--as-curl", "--profile", "demo", "--form", "a=1", "/echo"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        let command = outcome.stdoutText
        #expect(command.hasPrefix("curl http://127.0.0.1:"), "\(command)")
        #expect(command.contains("/echo -H 'X-Demo-Key: explorer-"), "\(command)")
        #expect(command.contains("--data-urlencode a=1"), "\(command)")
    }
}
