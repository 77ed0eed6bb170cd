import Foundation
import Testing
@testable import ClientCore

/// ClientCore fills nothing (SPEC §8): a request goes out as given. Only the client's own header
/// values pass through `resolveOwnHeaders` (a profile's `${env:}` and vars), never a request's
/// headers nor a value `setHeader` put in (a refreshed token).
@Suite struct OwnHeaderValuesTests {
    static func client() throws -> HTTPClient {
        let client = try HTTPClient(baseURL: "http://127.0.0.1:9/api/")
        client.headers = ["X-Region": "{{region}}", "X-Key": "${env:KEY}"]
        client.resolveOwnHeaders { header in
            switch header.value {
            case "{{region}}": "eu"
            case "${env:KEY}": "k1"
            default: header.value
            }
        }
        return client
    }

    @Test func aRequestGoesOutAsGiven() throws {
        var request = HTTPRequest(.post, "items/{{region}}")
        request.headers.add(name: "X-Own", value: "{{region}} ${env:KEY}")
        request.body = .json(Data(#"{"a": "{{region}}"}"#.utf8))
        let prepared = try Self.client().prepare(request)
        #expect(prepared.url.absoluteString == "http://127.0.0.1:9/api/items/%7B%7Bregion%7D%7D")
        #expect(prepared.headers["X-Own"] == "{{region}} ${env:KEY}")
    }

    @Test func theClientsOwnValuesAreResolvedAsEachRequestIsBuilt() throws {
        let prepared = try Self.client().prepare(HTTPRequest(.get, "a"))
        #expect(prepared.headers["X-Region"] == "eu" && prepared.headers["X-Key"] == "k1")
    }

    @Test func aRequestsHeaderOfTheSameNameWinsAsTyped() throws {
        let prepared = try Self.client().prepare(HTTPRequest(.get, "a").header("X-Key", "${env:KEY}"))
        #expect(prepared.headers["X-Key"] == "${env:KEY}")
    }

    @Test func aValueSetHeaderPutInIsNeverResolved() throws {
        let client = try Self.client()
        // A server answered a token that reads like the profile's own value.
        client.setHeader("X-Key", "${env:KEY}", credential: true)
        let prepared = try client.prepare(HTTPRequest(.get, "a"))
        #expect(prepared.headers["X-Key"] == "${env:KEY}")
        #expect(prepared.headers["X-Region"] == "eu")
    }

    @Test func aResolvedValueWithALineBreakCannotEnterAHeader() throws {
        let client = try HTTPClient(baseURL: "http://127.0.0.1:9/api/")
        client.headers = ["X-Evil": "{{evil}}"]
        client.resolveOwnHeaders { _ in "x\r\nInjected: yes" }
        #expect(throws: HTTPError.self) { try client.prepare(HTTPRequest(.get, "a")) }
    }
}
