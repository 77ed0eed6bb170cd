import Foundation
import Testing
import TestSupport

/// A profile's `vars:` (SPEC §4): `{{name}}` filled in the URL, headers and body as the request
/// is sent, `--var` winning over the profile; checked on the wire of httpbin, a peer nobody here wrote.
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
            let sent = try await home.run(["send", "--profile", "vars", "--json", #"{"team": "{{team}}", "left": "{{nope}}"}"#, "items/{{region}}"])
            #expect(sent.status == 0, "\(sent.stderrText)")
            let echo = try jsonObject(sent)
            #expect((echo["url"] as? String)?.hasSuffix("/anything/items/eu") == true, "\(echo["url"] ?? "")")
            #expect((echo["headers"] as? [String: String])?["X-Region"] == "eu")
            #expect(echo["data"] as? String == #"{"team": "core platform", "left": "{{nope}}"}"#, "an unknown name stays as written")

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
}
