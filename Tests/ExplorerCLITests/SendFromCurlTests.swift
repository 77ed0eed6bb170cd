import Foundation
import Testing
import TestSupport

/// `--from-curl` sends what the curl command line describes.
@Suite struct SendFromCurlTests {
    @Test func trickyQuotingReachesTheServerIntact() async throws {
        try await withDemo { server, directory, key in
            let line = "curl -X POST '\(server.baseURL)echo?a=1' -H \"X-Q: it's\" -H 'X-Demo-Key: \(key)' --data-raw $'line1\\nline2'"
            let outcome = try await ExplorerProcess.run(["send", "--from-curl", line], in: directory)
            let echo = try jsonObject(outcome)
            #expect(echo["method"] as? String == "POST")
            #expect(echo["query"] as? [String: [String]] == ["a": ["1"]])
            #expect(echo["body"] as? String == "line1\nline2")
            let headers = echo["headers"] as? [String: [String]]
            #expect(headers?["X-Q"] == ["it's"])
            #expect(headers?["Content-Type"] == ["application/x-www-form-urlencoded"], "as curl sends -d data")
        }
    }

    @Test func userAgentRefererCookiesAuthAndGetData() async throws {
        try await withDemo { server, directory, key in
            let line = "curl -G -d x=1 --data-urlencode 'y=a b' -u bob:pw -A agent/1 -e http://ref.example/ -b 'c=1; d=2' "
                + "-H 'User-Agent: mine' \(server.baseURL)echo?key=\(key)"
            let outcome = try await ExplorerProcess.run(["send", "--from-curl", line, "-H", "X-Extra: added", "-H", "referer: http://override/"], in: directory)
            let echo = try jsonObject(outcome)
            #expect(echo["method"] as? String == "GET", "-G sends the data in the query")
            #expect(echo["query"] as? [String: [String]] == ["key": [key], "x": ["1"], "y": ["a b"]])
            #expect(echo["bytes"] as? Int == 0)
            let headers = echo["headers"] as? [String: [String]]
            #expect(headers?["Authorization"] == ["Basic " + Data("bob:pw".utf8).base64EncodedString()])
            #expect(headers?["User-Agent"] == ["mine"], "-H wins over -A, as in curl")
            #expect(headers?["referer"] == ["http://override/"] && headers?["Referer"] == nil, "send's -H replaces the curl line's")
            #expect(headers?["Cookie"] == ["c=1; d=2"])
            #expect(headers?["X-Extra"] == ["added"], "send's own options still apply")
        }
    }

    @Test func redirectsAreFollowedOnlyWithL() async throws {
        try await withDemo { server, directory, key in
            let stays = try await ExplorerProcess.run(["send", "--from-curl", "curl '\(server.baseURL)redirect/1?key=\(key)'"], in: directory)
            #expect(stays.status == 0, "\(stays.stderrText)")
            #expect(stays.stderrText.contains(" 302 "), "\(stays.stderrText)")

            let eventsPath = directory.path("events.jsonl")
            let follows = try await ExplorerProcess.run(
                ["send", "--events", eventsPath, "--from-curl", "curl -L '\(server.baseURL)redirect/1?key=\(key)'"], in: directory)
            #expect(follows.status == 0, "\(follows.stderrText)")
            #expect(follows.stderrText.contains(" 200 "), "\(follows.stderrText)")
            #expect(try EventLines(path: eventsPath).count("redirect.followed") == 1)
        }
    }

    @Test func headAndOutputFromTheCurlLine() async throws {
        try await withDemo { server, directory, key in
            let file = directory.path("out.json")
            let head = try await ExplorerProcess.run(["send", "-i", "--from-curl", "curl -I \(server.baseURL)status/200?key=\(key)"], in: directory)
            #expect(head.status == 0, "\(head.stderrText)")
            #expect(head.stdoutText.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(head.stdoutText.hasSuffix("\r\n\r\n"), "HEAD has no body")

            let saved = try await ExplorerProcess.run(["send", "--from-curl", "curl -o \(file) \(server.baseURL)status/200?key=\(key)"], in: directory)
            #expect(saved.status == 0, "\(saved.stderrText)")
            #expect(saved.stdout.isEmpty)
            #expect(FileManager.default.contents(atPath: file) == Data("{\"status\":200}".utf8))
        }
    }

    @Test func multipartWithFilesFromTheCurlLine() async throws {
        let base = try await Httpbin.baseURL()
        let directory = try TestDirectory()
        defer { directory.remove() }
        let file = directory.path("data.csv")
        try Data("a,b\n1,2\n".utf8).write(to: URL(fileURLWithPath: file))
        let contents = directory.path("value.txt")
        try Data("from a file".utf8).write(to: URL(fileURLWithPath: contents))
        let line = "curl -F 'name=Ada Lovelace' -F 'sheet=@\(file);type=text/csv' -F 'note=<\(contents)' \(base)/post"
        let outcome = try await ExplorerProcess.run(["send", "--from-curl", line], in: directory)
        let echo = try jsonObject(outcome)
        #expect(echo["form"] as? [String: String] == ["name": "Ada Lovelace", "note": "from a file"])
        #expect(echo["files"] as? [String: String] == ["sheet": "a,b\n1,2\n"])
    }
}
