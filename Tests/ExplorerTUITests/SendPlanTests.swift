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
        let filled = try plan.prepared(profile: ["apiKey": TemplateValue("the-users-key"), "region": TemplateValue("eu")],
                                       environment: ["PW": "pw"])
        #expect(filled.route == "users/eu?q=eu")
        #expect(filled.headers["X-Token"] == "{{apiKey}}", "a --var value is not read again")
        #expect(filled.headers["X-Pw"] == "pw")
        guard case .form(let fields) = filled.body else { Issue.record("the body is \(filled.body)"); return }
        #expect(fields.map(\.value) == [.string("{{apiKey}}")])
    }

    @Test func anUndefinedPlaceholderIsAUsageErrorNamingItAndWhere() throws {
        let plan = try Self.plan(["--json", #"{"a": "{{nope}}"}"#, "items"])
        do throws(CLIError) {
            _ = try plan.prepared(profile: [:], environment: [:])
            Issue.record("filled although {{nope}} is not defined")
        } catch {
            #expect(error.status == .usage)
            #expect(error.message == "undefined variable {{nope}} (the body): give it with --var name=value, or send the text as written with --no-vars")
        }
    }

    @Test func noVarsSendsEverythingAsGiven() throws {
        let plan = try Self.plan(["--no-vars", "-H", "X: {{nope}}", "--data", "${env:UNSET}", "items/{{id}}"])
        let filled = try plan.prepared(profile: [:], environment: [:])
        #expect(filled.route == "items/{{id}}" && filled.headers["X"] == "{{nope}}")
        guard case .data(let data, _) = filled.body else { Issue.record("the body is \(filled.body)"); return }
        #expect(String(decoding: data, as: UTF8.self) == "${env:UNSET}")
    }

    /// `--query` items join the URL percent-encoded, their placeholders kept for the one filling.
    @Test func queryItemsAreEncodedAndFilledWithTheRest() throws {
        let plan = try Self.plan(["--query", "q=a b&c", "--query", "who={{user}}", "--query", "flag", "items?page=2"])
        #expect(plan.spec.url == "items?page=2&q=a%20b%26c&who={{user}}&flag")
        #expect(try plan.prepared(profile: ["user": TemplateValue("ann")], environment: [:]).route == "items?page=2&q=a%20b%26c&who=ann&flag")
        let asGiven = try Self.plan(["--no-vars", "--query", "who={{user}}", "items"])
        #expect(try asGiven.prepared(profile: [:], environment: [:]).route == "items?who=%7B%7Buser%7D%7D")
    }

    /// A curl line becomes a `RequestSpec` like the flags do: its parts keep their file name and type.
    @Test func aCurlLineIsARequestSpecToo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("send-plan-\(UUID().uuidString).csv")
        try Data("a,b\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let plan = try Self.plan(["--from-curl", "curl -u ann:pw -H 'X-Who: {{user}}' -F 'report=@\(file.path);type=text/csv;filename=r.csv' -F note=hi http://h/up"])
        #expect(plan.spec.method == "POST" && plan.spec.url == "http://h/up")
        #expect(plan.spec.headers.contains(NamedValue("X-Who", "{{user}}")))
        #expect(plan.spec.body == .multipart([MultipartPart(name: "report", content: .file(file.path), filename: "r.csv", contentType: "text/csv"),
                                              .text(name: "note", value: "hi")]))
        let request = try plan.prepared(profile: ["user": TemplateValue("ann")], environment: [:])
        #expect(request.headers["X-Who"] == "ann")
        #expect(request.auth != nil, "-u is the request's own basic auth")
    }

    /// A file's bytes are data: `--data @FILE` goes as it is, braces and all.
    @Test func aFilesBytesAreNeverFilled() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("send-plan-\(UUID().uuidString).txt")
        try Data("{{mustache}}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let filled = try Self.plan(["--data", "@" + file.path, "items"]).prepared(profile: [:], environment: [:])
        guard case .data(let data, _) = filled.body else { Issue.record("the body is \(filled.body)"); return }
        #expect(String(decoding: data, as: UTF8.self) == "{{mustache}}")
    }
}
