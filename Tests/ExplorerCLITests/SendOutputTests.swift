import Foundation
import Testing

/// `send` puts the final body on stdout byte-exact and reports on stderr.
@Suite struct SendOutputTests {
    @Test func bodyIsByteExactInAFileAndOnStdout() async throws {
        try await withDemo { server, directory, key in
            let url = "\(server.baseURL)bytes/100000?key=\(key)"
            let expected = try await referenceBody(url)
            #expect(expected.count == 100_000)

            let file = directory.path("body.bin")
            let toFile = try await ExplorerProcess.run(["send", "-o", file, url], in: directory)
            #expect(toFile.status == 0, "\(toFile.stderrText)")
            #expect(FileManager.default.contents(atPath: file) == expected)
            #expect(toFile.stdout.isEmpty)

            let toStdout = try await ExplorerProcess.run(["send", "--output", "-", url], in: directory)
            #expect(toStdout.status == 0, "\(toStdout.stderrText)")
            #expect(toStdout.stdout == expected)
            #expect(toStdout.stderrText.contains("HTTP/1.1 200 · 1 attempt ·"))
            #expect(toStdout.stderrText.contains("100000 bytes"))
        }
    }

    @Test func notFoundExitsOneWithTheStatusOnStderr() async throws {
        try await withDemo { server, directory, key in
            let outcome = try await ExplorerProcess.run(["send", "-H", "X-Demo-Key: \(key)", "\(server.baseURL)status/404"], in: directory)
            #expect(outcome.status == 1)
            #expect(outcome.stdout.isEmpty, "an error response's body is not the final body")
            #expect(outcome.stderrText.contains("404"))
            #expect(outcome.stderrText.contains("explorer: "))
        }
    }

    @Test func includePrintsTheHeadBeforeTheBody() async throws {
        try await withDemo { server, directory, key in
            let outcome = try await ExplorerProcess.run(["send", "-i", "\(server.baseURL)status/200?key=\(key)"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let text = outcome.stdoutText
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(text.lowercased().contains("content-type: application/json\r\n"))
            #expect(text.hasSuffix("\r\n\r\n{\"status\":200}"))
        }
    }

    @Test func includeWithStreamPrintsTheHeadOnceBeforeTheStreamedBody() async throws {
        try await withDemo { server, directory, key in
            let url = "\(server.baseURL)bytes/5000?key=\(key)"
            let expected = try await referenceBody(url)
            let outcome = try await ExplorerProcess.run(["send", "-i", "--stream", "--output", "-", url], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let separator = Data("\r\n\r\n".utf8)
            let split = try #require(outcome.stdout.range(of: separator))
            #expect(String(decoding: outcome.stdout[..<split.lowerBound], as: UTF8.self).hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(outcome.stdout[split.upperBound...] == expected)
        }
    }

    @Test func eventsDashGoesToStderr() async throws {
        try await withDemo { server, directory, key in
            let outcome = try await ExplorerProcess.run(["send", "--events", "-", "\(server.baseURL)status/200?key=\(key)"], in: directory)
            #expect(outcome.status == 0)
            #expect(outcome.stdoutText == "{\"status\":200}")
            let lines = outcome.stderrText.split(separator: "\n").filter { $0.hasPrefix("{") }
            let events = try EventLines(text: lines.joined(separator: "\n"))
            #expect(events.names == ["attempt.started", "response.received", "validator.decided", "exchange.completed"])
        }
    }

    @Test func requestGoesOutAsGiven() async throws {
        try await withDemo { server, directory, key in
            let bodyFile = directory.path("body.txt")
            try Data("from a file".utf8).write(to: URL(fileURLWithPath: bodyFile))
            let outcome = try await ExplorerProcess.run(
                ["send", "-H", "X-Demo-Key: \(key)", "-H", "x-MiXeD-Case:  spaced value ", "--query", "a=1", "--query", "b=x y",
                 "--query", "a=2", "--data", "@\(bodyFile)", "\(server.baseURL)echo"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let echo = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
            #expect(echo["method"] as? String == "POST", "a body without -X means POST")
            #expect(echo["body"] as? String == "from a file")
            let query = echo["query"] as? [String: [String]]
            #expect(query?["a"] == ["1", "2"])
            #expect(query?["b"] == ["x y"])
            let headers = echo["headers"] as? [String: [String]]
            #expect(headers?["x-MiXeD-Case"] == ["spaced value"], "the name keeps the user's spelling")
        }
    }

    @Test func droppedAttemptLeavesNoBytesOnStdout() async throws {
        try await withDemo { server, directory, key in
            let outcome = try await ExplorerProcess.run(
                ["send", "--max-retries", "1", "--retry", "immediate", "\(server.baseURL)drop?times=1&key=\(key)"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let pattern = Array("abcdefghij".utf8)
            let expected = Data((0..<100_000).map { pattern[$0 % pattern.count] })
            #expect(outcome.stdout.count == 100_000)
            #expect(outcome.stdout == expected)
            #expect(outcome.stderrText.contains("2 attempts"))
        }
    }

    /// Issue 29: a large final body is spooled beside the `-o` file as it is decoded and renamed
    /// into place: whole, with the mode a file the user makes gets, nothing left beside it. A body
    /// refused on the way (past --max-body) leaves the file that was there as it was.
    @Test func aLargeBodyIsRenamedIntoPlaceAndARefusedOneLeavesTheFileAsItWas() async throws {
        try await withDemo { server, directory, key in
            let url = "\(server.baseURL)bytes/3000000?key=\(key)"
            let expected = try await referenceBody(url)
            let file = directory.path("body.bin")
            func leftovers() throws -> [String] {
                try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix(".body.bin.explorer-") }
            }
            let outcome = try await ExplorerProcess.run(["send", "-o", file, url], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(FileManager.default.contents(atPath: file) == expected)
            let mask = umask(0)
            umask(mask)
            #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == Int(0o666 & ~mask))
            #expect(try leftovers().isEmpty)

            let refused = try await ExplorerProcess.run(["send", "--max-body", "2M", "-o", file, "\(server.baseURL)bytes/3000000?key=\(key)&seed=2"], in: directory)
            #expect(refused.status == 1, "\(refused.stderrText)")
            #expect(FileManager.default.contents(atPath: file) == expected, "the earlier body was replaced")
            #expect(try leftovers().isEmpty)
        }
    }

    @Test func aHugeBodyGoesToAFileWithBoundedMemory() async throws {
        try await withDemo { server, directory, key in
            let file = directory.path("huge.bin")
            let outcome = try await ExplorerProcess.run(["send", "-o", file, "\(server.baseURL)bytes/200000000?key=\(key)"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
            #expect(size == 200_000_000)
            #expect(outcome.maxRSSKilobytes > 0)
            #expect(outcome.maxRSSKilobytes < 150 * 1024, "peak RSS \(outcome.maxRSSKilobytes) KB")
        }
    }
}

/// A binary body is held back from a terminal unless the user forces it.
@Suite struct SendTerminalTests {
    @Test func binaryBodyIsNotWrittenToATerminal() async throws {
        try await withDemo { server, directory, key in
            let url = "\(server.baseURL)bytes/64?key=\(key)"
            let held = try await ExplorerProcess.run(["send", url], in: directory, stdoutIsTerminal: true)
            #expect(held.status == 0, "\(held.stderrText)")
            #expect(held.stdout.isEmpty)
            #expect(held.stderrText.contains("binary"))
            #expect(held.stderrText.contains("--output -"))

            let forced = try await ExplorerProcess.run(["send", "--output", "-", url], in: directory, stdoutIsTerminal: true)
            #expect(forced.status == 0, "\(forced.stderrText)")
            #expect(forced.stdout == (try await referenceBody(url)))

            let text = try await ExplorerProcess.run(["send", "\(server.baseURL)status/200?key=\(key)"], in: directory, stdoutIsTerminal: true)
            #expect(text.status == 0, "\(text.stderrText)")
            #expect(text.stdoutText == "{\"status\":200}")
        }
    }
}
