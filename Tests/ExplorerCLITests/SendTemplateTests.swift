import Foundation
import Testing

/// URLs that are RFC 6570 templates, with `--var`.
@Suite struct SendTemplateTests {
    @Test func aTemplateExpandsPathAndQuery() async throws {
        try await withDemo { server, directory, key in
            let outcome = try await ExplorerProcess.run(
                ["send", "-H", "X-Demo-Key: \(key)", "--var", "who=zoë", "--var", "tag=a", "--var", "tag=b",
                 "\(server.baseURL){+path}{?who,tag*}", "--var", "path=echo"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let echo = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
            #expect(echo["path"] as? String == "/echo")
            let query = try #require(echo["query"] as? [String: [String]])
            #expect(query["who"] == ["zoë"])
            #expect(query["tag"] == ["a", "b"])
        }
    }

    @Test func anInvalidTemplateExitsTwoNamingItsPosition() async throws {
        try await withDemo { server, directory, key in
            let outcome = try await ExplorerProcess.run(["send", "-H", "X-Demo-Key: \(key)", "\(server.baseURL)users/{id"], in: directory)
            #expect(outcome.status == 2)
            #expect(outcome.stderrText.contains("users/{id"))
            #expect(outcome.stderrText.contains("position"))
            #expect(await server.requestCount(path: "/users", key: key) == 0)
        }
    }
}
