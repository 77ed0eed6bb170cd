import ClientCore
import Foundation
import RequestModel
import Testing
@testable import ExplorerTUI

/// `send`'s request built from its flags and filled in one pass (SPEC §8), before anything starts.
@Suite struct SendPlanTests {
    static func plan(_ arguments: [String]) throws -> SendPlan {
        try SendPlan(try SendCommand.parse(arguments))
    }

    @Test func everyTextTheUserWroteIsFilledOnceFromVarOverTheProfile() throws {
        let plan = try Self.plan(["--var", "token={{apiKey}}", "-H", "X-Token: {{token}}", "-H", "X-Pw: ${env:PW}",
                                  "--query", "q={{region}}", "--form", "who={{token}}", "users/{{region}}"])
        let filled = try plan.filled(profile: ["apiKey": TemplateValue("the-users-key"), "region": TemplateValue("eu")],
                                     environment: ["PW": "pw"])
        #expect(filled.request.route == "users/eu")
        #expect(filled.request.headers["X-Token"] == "{{apiKey}}", "a --var value is not read again")
        #expect(filled.request.headers["X-Pw"] == "pw")
        #expect(filled.request.query == [QueryItem("q", "eu")])
        guard case .form(let fields) = filled.body else { Issue.record("the body is \(filled.body)"); return }
        #expect(fields.map(\.value) == ["{{apiKey}}"])
    }

    @Test func anUndefinedPlaceholderIsAUsageErrorNamingItAndWhere() throws {
        let plan = try Self.plan(["--json", #"{"a": "{{nope}}"}"#, "items"])
        do throws(CLIError) {
            _ = try plan.filled(profile: [:], environment: [:])
            Issue.record("filled although {{nope}} is not defined")
        } catch {
            #expect(error.status == .usage)
            #expect(error.message == "undefined variable {{nope}} (the body): give it with --var name=value, or send the text as written with --no-vars")
        }
    }

    @Test func noVarsSendsEverythingAsGiven() throws {
        let plan = try Self.plan(["--no-vars", "-H", "X: {{nope}}", "--data", "${env:UNSET}", "items/{{id}}"])
        let filled = try plan.filled(profile: [:], environment: [:])
        #expect(filled.request.route == "items/{{id}}" && filled.request.headers["X"] == "{{nope}}")
        guard case .data(let data, _) = filled.request.body else { Issue.record("the body is \(filled.request.body)"); return }
        #expect(String(decoding: data, as: UTF8.self) == "${env:UNSET}")
    }

    /// A file's bytes are data: `--data @FILE` goes as it is, braces and all.
    @Test func aFilesBytesAreNeverFilled() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("send-plan-\(UUID().uuidString).txt")
        try Data("{{mustache}}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let filled = try Self.plan(["--data", "@" + file.path, "items"]).filled(profile: [:], environment: [:])
        guard case .data(let data, _) = filled.request.body else { Issue.record("the body is \(filled.request.body)"); return }
        #expect(String(decoding: data, as: UTF8.self) == "{{mustache}}")
    }
}
