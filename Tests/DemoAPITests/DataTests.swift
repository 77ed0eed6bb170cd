import AsyncHTTPClient
import DemoAPI
import Foundation
import Testing

@Suite struct DataTests {
    @Test(arguments: [0, 1, 3, 64, 2_000])
    func jsonIsValidAndAboutTheRequestedSize(kilobytes: Int) async throws {
        try await withDemoServer { server, client in
            let response = try await client.fetch(server.baseURL + "json/\(kilobytes)")
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == String(response.body.count))
            #expect(response.header("Content-Type") == "application/json")
            #expect(abs(response.body.count - kilobytes * 1024) <= 64, "\(response.body.count) bytes")
            let users = try #require(try response.object()["users"] as? [[String: Any]])
            if kilobytes >= 64 {
                #expect(users.count > 100)
                let first = users[0]
                #expect(first["id"] as? Int == 1)
                #expect(first["name"] is String && first["email"] is String && first["active"] is Bool)
                #expect(first["address"] is [String: Any] && first["tags"] is [Any] && first["score"] is NSNumber)
                #expect((first["name"] as? String)?.hasPrefix("Zoë") == true)
            }
        }
    }

    @Test func jsonIsDeterministic() async throws {
        try await withDemoServer { server, client in
            let first = try await client.fetch(server.baseURL + "json/100")
            let second = try await client.fetch(server.baseURL + "json/100")
            #expect(first.body == second.body)
        }
    }

    @Test func bytesHaveTheRightLengthAndAreDeterministicPerSeed() async throws {
        try await withDemoServer { server, client in
            let big = try await client.fetch(server.baseURL + "bytes/200003")
            #expect(big.body.count == 200_003)
            #expect(big.header("Content-Type") == "application/octet-stream")
            #expect(big.header("Content-Length") == "200003")
            let again = try await client.fetch(server.baseURL + "bytes/200003?seed=1")
            #expect(again.body == big.body)
            // Shorter bodies are prefixes, whatever the chunking.
            let small = try await client.fetch(server.baseURL + "bytes/1001")
            #expect(small.body[...] == big.body.prefix(1001))
            let other = try await client.fetch(server.baseURL + "bytes/1001?seed=2")
            #expect(other.body.count == 1001 && other.body != small.body)
            #expect(Set(big.body).count > 200, "bytes should look random")
            let empty = try await client.fetch(server.baseURL + "bytes/0")
            #expect(empty.status == 200 && empty.body.isEmpty)
            #expect(try await client.fetch(server.baseURL + "bytes/10?seed=x").status == 400)
        }
    }

    @Test func uploadHashesTheRawBody() async throws {
        try await withDemoServer { server, client in
            let hello = try await client.fetch(server.baseURL + "upload", method: .POST, body: Array("hello world".utf8))
            #expect(hello.status == 200)
            #expect(try hello.object()["bytes"] as? Int == 11)
            #expect(try hello.object()["fnv1a64"] as? String == "779a65e7023cd2e7")

            let empty = try await client.fetch(server.baseURL + "upload", method: .PUT, body: [])
            #expect(try empty.object()["fnv1a64"] as? String == "cbf29ce484222325")

            let large = [UInt8](repeating: 7, count: 3_000_000)
            let uploaded = try await client.fetch(server.baseURL + "upload", method: .POST, body: large)
            #expect(try uploaded.object()["bytes"] as? Int == 3_000_000)

            #expect(try await client.fetch(server.baseURL + "upload").status == 405)
        }
    }

    @Test func echoReflectsTheRequest() async throws {
        try await withDemoServer { server, client in
            let response = try await client.fetch(
                server.baseURL + "echo?k=v1&k=v2&sp=a%20b+c&e=",
                method: .PATCH,
                headers: [("X-Custom", "one"), ("X-Custom", "two"), ("Content-Type", "text/plain")],
                body: Array("héllo body".utf8)
            )
            #expect(response.status == 200)
            let echoed = try response.object()
            #expect(echoed["method"] as? String == "PATCH")
            #expect(echoed["path"] as? String == "/echo")
            let query = try #require(echoed["query"] as? [String: [String]])
            #expect(query["k"] == ["v1", "v2"])
            #expect(query["sp"] == ["a b c"])
            #expect(query["e"] == [""])
            let headers = try #require(echoed["headers"] as? [String: [String]])
            #expect(headers["X-Custom"] == ["one", "two"])
            #expect(headers["Content-Type"] == ["text/plain"])
            #expect(headers["Host"] == ["127.0.0.1:\(server.port)"])
            #expect(echoed["body"] as? String == "héllo body")
            #expect(echoed["body_base64"] as? Bool == false)
            #expect(echoed["bytes"] as? Int == "héllo body".utf8.count)
        }
    }

    @Test func echoBase64EncodesBinaryBodies() async throws {
        try await withDemoServer { server, client in
            let binary: [UInt8] = [0xff, 0x00, 0xfe, 0x41]
            let echoed = try await client.fetch(server.baseURL + "echo", method: .POST, body: binary).object()
            #expect(echoed["body_base64"] as? Bool == true)
            #expect(echoed["body"] as? String == Data(binary).base64EncodedString())
            #expect(echoed["bytes"] as? Int == 4)
        }
    }

    /// `/received`: what each key sent, as the demo received it, the last 50 and oldest first.
    @Test func receivedListsWhatReachedTheDemoForTheKey() async throws {
        try await withDemoServer { server, client in
            _ = try await client.fetch(server.baseURL + "json/1?x=1", headers: [("X-Demo-Key", "a"), ("X-Note", "hi")])
            _ = try await client.fetch(server.baseURL + "echo", method: .POST, headers: [("X-Demo-Key", "a"), ("Content-Type", "text/plain")], body: Array("b".utf8))
            _ = try await client.fetch(server.baseURL + "status/204", headers: [("X-Demo-Key", "other")])
            let received = try #require(try await client.fetch(server.baseURL + "received", headers: [("X-Demo-Key", "a")]).object()["received"] as? [[String: Any]])
            #expect(received.map { $0["target"] as? String } == ["/json/1?x=1", "/echo"])
            #expect(received.map { $0["method"] as? String } == ["GET", "POST"])
            let headers = received.map { $0["headers"] as? [String: [String]] ?? [:] }
            #expect(headers[0]["X-Note"] == ["hi"] && headers[0]["Content-Type"] == nil)
            #expect(headers[1]["Content-Type"] == ["text/plain"] && headers[1]["X-Note"] == nil)

            for index in 0..<60 { _ = try await client.fetch(server.baseURL + "status/200?n=\(index)", headers: [("X-Demo-Key", "many")]) }
            let many = try #require(try await client.fetch(server.baseURL + "received", headers: [("X-Demo-Key", "many")]).object()["received"] as? [[String: Any]])
            #expect(many.count == 50)
            #expect(many.first?["target"] as? String == "/status/200?n=10" && many.last?["target"] as? String == "/status/200?n=59")
        }
    }
}
