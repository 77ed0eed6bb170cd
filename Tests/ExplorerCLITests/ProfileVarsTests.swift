import Foundation
import Testing
import TestSupport

/// A profile's `vars:` (SPEC §4): `{{name}}` filled in the URL, headers and body as the request
/// is sent, `--var` winning over the profile, in one pass (SPEC §8); checked on the wire of
/// httpbin, a peer nobody here wrote.
@Suite struct ProfileVarsTests {
    /// A home of its own holding profile `name`, whose YAML `profile` makes from httpbin's base URL.
    private func withProfile(_ name: String, _ profile: (String) -> String, _ body: (ProfileHome) async throws -> Void) async throws {
        let base = try await Httpbin.baseURL()
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        try home.write(profile(base), profile: name)
        try await body(home)
    }

    @Test func varsFillTheURLHeadersAndBodyAndVarWins() async throws {
        try await withProfile("vars", { base in """
            baseURL: \(base)/anything/
            headers: { X-Region: "{{region}}" }
            vars: { region: eu, team: "core platform", plan: "{{not-defined}}" }
            """ }) { home in
            let sent = try await home.run(["send", "--profile", "vars", "--json", #"{"team": "{{team}}", "braces": "{ {x} }"}"#, "items/{{region}}"])
            #expect(sent.status == 0, "\(sent.stderrText)")
            let echo = try jsonObject(sent)
            #expect((echo["url"] as? String)?.hasSuffix("/anything/items/eu") == true, "\(echo["url"] ?? "")")
            #expect((echo["headers"] as? [String: String])?["X-Region"] == "eu")
            #expect(echo["data"] as? String == #"{"team": "core platform", "braces": "{ {x} }"}"#, "text that is no template stays as written")

            let overridden = try await home.run(["send", "--profile", "vars", "--var", "region=us", "items/{{region}}"])
            #expect(overridden.status == 0, "\(overridden.stderrText)")
            #expect((try jsonObject(overridden)["url"] as? String)?.hasSuffix("/anything/items/us") == true)
        }
    }

    @Test func aVarFromTheEnvironmentIsReadWhenTheClientIsMade() async throws {
        try await withProfile("env", { base in """
            baseURL: \(base)/anything/
            vars: { tenant: "${env:EXPLORER_TEST_TENANT}" }
            """ }) { home in
            let unset = try await home.run(["send", "--profile", "env", "t/{{tenant}}"])
            #expect(unset.status == 2)
            #expect(unset.stderrText.contains("vars.tenant"), "\(unset.stderrText)")
            let set = try await home.run(["send", "--profile", "env", "t/{{tenant}}"], environment: ["EXPLORER_TEST_TENANT": "acme"])
            #expect(set.status == 0, "\(set.stderrText)")
            #expect((try jsonObject(set)["url"] as? String)?.hasSuffix("/anything/t/acme") == true)
        }
    }

    @Test func anUndefinedNameIsRefusedBeforeSendingUnlessNoVars() async throws {
        try await withProfile("strict", { base in """
            baseURL: \(base)/anything/
            vars: { region: eu }
            """ }) { home in
            let refused = try await home.run(["send", "--profile", "strict", "-H", "X-Left: {{nope}}", "items/{{region}}"])
            #expect(refused.status == 2)
            #expect(refused.stderrText.contains("undefined variable {{nope}} (header X-Left)"), "\(refused.stderrText)")
            #expect(refused.stdout.isEmpty)

            let unset = try await home.run(["send", "--profile", "strict", "--data", "pw=${env:EXPLORER_TEST_UNSET}", "items"])
            #expect(unset.status == 2)
            #expect(unset.stderrText.contains("${env:EXPLORER_TEST_UNSET} (the body)"), "\(unset.stderrText)")

            let given = try await home.run(["send", "--profile", "strict", "--no-vars", "-H", "X-Left: {{nope}}", "--data", "{{region}}", "items"])
            #expect(given.status == 0, "\(given.stderrText)")
            let echo = try jsonObject(given)
            #expect((echo["headers"] as? [String: String])?["X-Left"] == "{{nope}}")
            #expect(echo["data"] as? String == "{{region}}")
        }
    }

    /// A value put in is never read again: a `--var` that reads like a template goes out as given.
    @Test func aValuePutInGoesOutAsItIs() async throws {
        try await withProfile("literal", { base in """
            baseURL: \(base)/anything/
            vars: { apiKey: "the-users-key" }
            """ }) { home in
            let sent = try await home.run(["send", "--profile", "literal", "--var", "token={{apiKey}}", "--var", "home=${env:HOME}",
                                           "-H", "X-Token: {{token}}", "-H", "X-Home: {{home}}", "items"])
            #expect(sent.status == 0, "\(sent.stderrText)")
            let headers = try jsonObject(sent)["headers"] as? [String: String]
            #expect(headers?["X-Token"] == "{{apiKey}}")
            #expect(headers?["X-Home"] == "${env:HOME}")
        }
    }
}
