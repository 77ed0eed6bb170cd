import Foundation
import Testing
import TestSupport

/// `--json`, `--form` and `--multipart` as the server receives them.
@Suite struct SendBodyTests {
    @Test func jsonInlineIsSentByteExactWithItsHeaders() async throws {
        try await withDemo { server, directory, key in
            let text = "{ \"name\": \"it's\",  \"list\": [1, 2.50, -0] }"
            let outcome = try await ExplorerProcess.run(["send", "-H", "X-Demo-Key: \(key)", "--json", text, "\(server.baseURL)echo"], in: directory)
            let echo = try jsonObject(outcome)
            #expect(echo["method"] as? String == "POST", "a body without -X means POST")
            #expect(echo["body"] as? String == text, "sent as given, not re-encoded")
            let headers = echo["headers"] as? [String: [String]]
            #expect(headers?["Content-Type"] == ["application/json"])
            #expect(headers?["Accept"] == ["application/json"])
        }
    }

    @Test func jsonFromAFileKeepsEveryByteAndTheUsersAccept() async throws {
        try await withDemo { server, directory, key in
            let file = directory.path("body.json")
            let bytes = Data("[\n  \"ünïcode\",\r\n  null\n]\n".utf8)
            try bytes.write(to: URL(fileURLWithPath: file))
            let outcome = try await ExplorerProcess.run(
                ["send", "-H", "X-Demo-Key: \(key)", "-H", "accept: text/plain", "-X", "PUT", "--json", "@\(file)", "\(server.baseURL)echo"],
                in: directory)
            let echo = try jsonObject(outcome)
            #expect(echo["method"] as? String == "PUT")
            #expect(echo["body"] as? String == String(decoding: bytes, as: UTF8.self))
            #expect(echo["bytes"] as? Int == bytes.count)
            let headers = echo["headers"] as? [String: [String]]
            #expect(headers?["accept"] == ["text/plain"], "the user's Accept wins")
            #expect(headers?["Accept"] == nil)
            #expect(headers?["Content-Type"] == ["application/json"])
        }
    }

    @Test func invalidJSONNamesThePositionAndSendsNothing() async throws {
        try await withDemo { server, directory, key in
            let file = directory.path("bad.json")
            try Data("{\"a\": 1,\n  nope}".utf8).write(to: URL(fileURLWithPath: file))
            let fromFile = try await ExplorerProcess.run(["send", "-H", "X-Demo-Key: \(key)", "--json", "@\(file)", "\(server.baseURL)echo"], in: directory)
            #expect(fromFile.status == 2)
            #expect(fromFile.stderrText.contains("--json @\(file): \(file) is not valid JSON"), "\(fromFile.stderrText)")
            #expect(fromFile.stderrText.contains("line 2"), "\(fromFile.stderrText)")

            let inline = try await ExplorerProcess.run(["send", "-H", "X-Demo-Key: \(key)", "--json", "{\"a\" 1}", "\(server.baseURL)echo"], in: directory)
            #expect(inline.status == 2)
            #expect(inline.stderrText.hasPrefix("explorer: --json: not valid JSON"), "\(inline.stderrText)")
            #expect(inline.stderrText.contains("column"), "\(inline.stderrText)")
            #expect(await server.requestCount(path: "/", key: key) == 0)
        }
    }

    @Test func formFieldsGoOutInOrderWithRepeatedNames() async throws {
        try await withDemo { server, directory, key in
            let outcome = try await ExplorerProcess.run(
                ["send", "-H", "X-Demo-Key: \(key)", "--form", "a=1", "--form", "b=x y&z", "--form", "a=2", "--form", "empty=",
                 "\(server.baseURL)echo"], in: directory)
            let echo = try jsonObject(outcome)
            #expect(echo["method"] as? String == "POST")
            #expect(echo["body"] as? String == "a=1&b=x+y%26z&a=2&empty=")
            let headers = echo["headers"] as? [String: [String]]
            #expect(headers?["Content-Type"] == ["application/x-www-form-urlencoded"])
        }
    }

    @Test func multipartTextAndFileParts() async throws {
        let base = try await Httpbin.baseURL()
        let directory = try TestDirectory()
        defer { directory.remove() }
        let file = directory.path("notes.txt")
        try Data("first line\nsecond line\n".utf8).write(to: URL(fileURLWithPath: file))
        let outcome = try await ExplorerProcess.run(
            ["send", "--multipart", "title=hello world", "--multipart", "doc=@\(file)", "--multipart", "tag=a", "--multipart", "tag=b",
             "\(base)/post"], in: directory)
        let echo = try jsonObject(outcome)
        let form = echo["form"] as? [String: Any]
        #expect(form?["title"] as? String == "hello world")
        #expect(form?["tag"] as? [String] == ["a", "b"])
        #expect((echo["files"] as? [String: String])?["doc"] == "first line\nsecond line\n")
        let type = (echo["headers"] as? [String: String])?["Content-Type"]
        #expect(type?.hasPrefix("multipart/form-data; boundary=") == true)
    }
}
