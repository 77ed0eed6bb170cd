import DemoAPI
import Foundation
import Testing
import TestSupport

/// `explorer auth login | status | logout` and the commands that send with an OAuth 2.0 profile
/// (SPEC §11), against the demo API's authorization server in the test process.
@Suite struct AuthCommandTests {
    static func profile(_ server: DemoServer, secret: String = "demo-secret") -> String {
        """
        baseURL: \(server.baseURL)
        auth:
          oauth2:
            grant: client_credentials
            issuer: \(server.baseURL)oauth
            tokenURL: \(server.baseURL)oauth/token?ttl=60
            clientId: demo-client
            clientSecret: "\(secret)"
            scope: read
        """
    }

    @Test func loginStatusSendAndLogout() async throws {
        try await withDemo { server, directory, _ in
            let home = try ProfileHome(directory)
            try home.write(Self.profile(server), profile: "work")
            let none = try await home.run(["auth", "status", "--profile", "work"])
            #expect(none.status == 0 && none.stdoutText.contains("no token stored"), "\(none.stderrText)")

            let login = try await home.run(["auth", "login", "--profile", "work"])
            #expect(login.status == 0, "\(login.stderrText)")
            #expect(login.stderrText.contains("logged in with client_credentials; expires in"))
            let tokenFile = home.path + "/tokens/work.json"
            let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tokenFile))) as? [String: Any])
            let token = try #require(stored["access_token"] as? String)
            #expect((try FileManager.default.attributesOfItem(atPath: tokenFile)[.posixPermissions] as? Int) == 0o600)

            let status = try await home.run(["auth", "status", "--profile", "work"])
            #expect(status.stdoutText.contains("grant client_credentials") && status.stdoutText.contains("scope: read"))
            #expect(status.stdoutText.contains("expires in"))

            let events = directory.path("events.jsonl")
            let sent = try await home.run(["send", "--profile", "work", "--events", events, "oauth/me"])
            #expect(sent.status == 0 && sent.stdoutText.contains("\"client\":\"demo-client\""), "\(sent.stderrText)")
            let lines = try String(contentsOfFile: events, encoding: .utf8)
            #expect(!lines.contains("alt.started"), "the stored token was used")
            let curl = try await home.run(["send", "--profile", "work", "--as-curl", "oauth/me"])
            for output in [status.stdoutText, status.stderrText, login.stderrText, sent.stderrText, lines, curl.stdoutText] {
                #expect(!output.contains(token), "the token is never printed")
            }

            let logout = try await home.run(["auth", "logout", "--profile", "work"])
            #expect(logout.status == 0 && logout.stdoutText.contains("revoked at \(server.baseURL)oauth/revoke and deleted"), "\(logout.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: tokenFile))
            #expect(await server.oauthTokensIssued(grantType: "client_credentials") == 1)
        }
    }

    @Test func aGrantThatFailsExitsOneWithTheServersError() async throws {
        try await withDemo { server, directory, _ in
            let home = try ProfileHome(directory)
            try home.write(Self.profile(server, secret: "wrong"), profile: "work")
            let login = try await home.run(["auth", "login", "--profile", "work"])
            #expect(login.status == 1)
            #expect(login.stderrText.contains("invalid_client"), "\(login.stderrText)")
            let sent = try await home.run(["send", "--profile", "work", "oauth/me"])
            #expect(sent.status == 1 && sent.stderrText.contains("invalid_client"), "\(sent.stderrText)")
        }
    }

    @Test func aProfileWithoutOAuthIsAUsageError() async throws {
        let directory = try TestDirectory()
        let home = try ProfileHome(directory)
        try home.write("baseURL: http://127.0.0.1:9/\n", profile: "plain")
        let status = try await home.run(["auth", "status", "--profile", "plain"])
        #expect(status.status == 2 && status.stderrText.contains("has no auth.oauth2"))
        directory.remove()
    }

    /// The built-in demo-oauth profile, without a terminal: the device grant's code on stderr,
    /// then the answer on stdout.
    @Test func theDemoOAuthProfileSaysWhatToDoOnStderr() async throws {
        let directory = try TestDirectory()
        let home = try ProfileHome(directory)
        let sent = try await home.run(["send", "--profile", "demo-oauth", "oauth/me"])
        #expect(sent.status == 0, "\(sent.stderrText)")
        #expect(sent.stderrText.contains("explorer: enter the code ") && sent.stderrText.contains("/oauth/verify"))
        #expect(sent.stdoutText.contains("\"client\":\"demo-client\""))
        directory.remove()
    }
}
