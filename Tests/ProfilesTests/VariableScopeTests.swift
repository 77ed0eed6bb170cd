import ClientCore
import Foundation
import RequestModel
import Testing
@testable import Profiles

/// SPEC §8's variables: `--var` > captures > file `vars` > profile `vars`, `${env:}` secret,
/// an undefined placeholder refused with its place before anything is sent.
@Suite struct VariableScopeTests {
    static func file(_ text: String) throws -> RequestFile { try RequestFile(path: "f.yaml", text: text) }

    @Test func theHigherLayerWinsAndTheOverlayNamesItsSource() {
        var scope = VariableScope(environment: ["HOME_TOKEN": "env-secret-value"])
        scope.profile = ["a": TemplateValue("profile"), "b": TemplateValue("profile"), "c": TemplateValue("profile"), "d": TemplateValue("profile")]
        scope.file = ["a": TemplateValue("file"), "b": TemplateValue("file"), "c": TemplateValue("file")]
        scope.captures = ["a": TemplateValue("capture"), "b": TemplateValue("capture", secret: true)]
        scope.arguments = ["a": TemplateValue("argument")]
        #expect(scope.values.mapValues(\.text) == ["a": "argument", "b": "capture", "c": "file", "d": "profile"])
        #expect(scope.entries(environmentNames: ["HOME_TOKEN", "UNSET"]).map { "\($0.name)=\($0.value.text) \($0.source.rawValue)" }
                == ["a=argument --var", "b=capture capture", "c=file file", "d=profile profile", "env:HOME_TOKEN=env-secret-value env"])
        #expect(scope.secrets(environmentNames: ["HOME_TOKEN"]).longestFirst == ["env-secret-value", "capture"])
    }

    @Test func renderingFillsEveryPartAndNamesTheFirstUndefined() throws {
        var scope = VariableScope(environment: ["PW": "hunter22"])
        scope.file = ["id": TemplateValue("7"), "user": TemplateValue("ann")]
        let rendering = RequestRendering(scope)
        let request = RequestSpec(name: "x", method: "POST", url: "users/{{id}}", headers: [NamedValue("X-User", "{{user}}")],
                                  body: .form([NamedValue("password", "${env:PW}"), NamedValue("raw", "{not a template}")]))
        let (filled, secrets) = try rendering.render(request)
        #expect(filled.url == "users/7")
        #expect(filled.headers == [NamedValue("X-User", "ann")])
        #expect(filled.body == .form([NamedValue("password", "hunter22"), NamedValue("raw", "{not a template}")]))
        #expect(secrets == ["hunter22"])
        #expect(throws: RequestRendering.Undefined(placeholder: "{{nope}}")) { try rendering.render(RequestSpec(url: "a/{{nope}}")) }
        #expect(throws: RequestRendering.Undefined(placeholder: "${env:UNSET}")) { try rendering.render(RequestSpec(url: "a", body: .json("{\"p\": \"${env:UNSET}\"}"))) }
    }

    @Test func aRunCarriesCapturesAndFileVarsReadTheEnvironmentAsSecrets() throws {
        let file = try Self.file("""
            vars: { pw: "${env:PW}", user: "ann" }
            requests:
              - name: "one"
                url: "a/{{user}}"
              - name: "two"
                url: "b/{{token}}"
                headers:
                  - "X-A: 1"
                  - "X-Pw: {{pw}}"
                  - "X-B: {{missing}}"

            """)
        var run = RequestFileRun(arguments: ["user": "bob"], profile: [:], environment: ["PW": "pw-from-env"])
        try run.enter(file, profile: ["token": TemplateValue("profile-token")])
        #expect(run.scope.file["pw"] == TemplateValue("pw-from-env", secret: true))
        guard case .send(let first) = run.prepare(0, of: file) else { Issue.record("one was refused"); return }
        #expect(first.route == "a/bob")
        guard case .refused(let refused) = run.prepare(1, of: file) else { Issue.record("two was sent"); return }
        #expect(refused.failures == ["undefined variable {{missing}} (f.yaml:10)"])
        #expect(refused.line == "✗ two: undefined variable {{missing}} (f.yaml:10)")
    }

    /// An edited request (the TUI's panes) is sent with the file request's checks, filled from
    /// the same scope; an undefined placeholder in it names the edit, not a line of the file.
    @Test func anEditedRequestKeepsTheFilesChecks() throws {
        let file = try Self.file("""
            vars: { user: "ann" }
            requests:
              - name: "me"
                url: "users/me"
                assert:
                  - { json: "$.name", equals: "{{user}}" }

            """)
        var run = RequestFileRun(arguments: [:], profile: [:], environment: [:])
        try run.enter(file, profile: [:])
        guard case .send(let edited) = run.prepare(0, of: file, edited: RequestSpec(name: "me", url: "users/{{user}}")) else {
            Issue.record("the edit was refused"); return
        }
        #expect(edited.route == "users/ann")
        #expect(edited.checks?.asserts == file.requests.requests[0].asserts)
        guard case .refused(let refused) = run.prepare(0, of: file, edited: RequestSpec(name: "me", url: "{{nope}}")) else {
            Issue.record("the edit was sent"); return
        }
        #expect(refused.failures == ["undefined variable {{nope}} (f.yaml, edited)"])
    }
}
