import Foundation
import Testing
@testable import ClientCore

@Suite struct RequestPreparationTests {
    func url(_ route: String, base: String?) throws -> String {
        try URLResolver.resolve(route, against: base.flatMap(URL.init(string:))).absoluteString
    }

    @Test func routesJoinTheBaseWithExactlyOneSlash() throws {
        #expect(try url("/refresh", base: "http://h/api/") == "http://h/api/refresh")
        #expect(try url("refresh", base: "http://h/api/") == "http://h/api/refresh")
        #expect(try url("refresh", base: "http://h/api") == "http://h/api/refresh")
        #expect(try url("//refresh", base: "http://h/api//") == "http://h/api/refresh")
        #expect(try url("", base: "http://h/api") == "http://h/api/")
        #expect(try url("a/b?x=1", base: "http://h:8080/") == "http://h:8080/a/b?x=1")
    }

    @Test(arguments: ["http://h:99999/x", "http://h/a b", "http://h/\u{1B}[2J", "/tab\there"])
    func urlsWithSpacesControlsOrBadPortsAreRefused(_ route: String) {
        #expect(throws: HTTPError.self) { try url(route, base: "http://h/") }
    }

    @Test func absoluteURLsBypassTheBase() throws {
        #expect(try url("https://other.example/x", base: "http://h/api/") == "https://other.example/x")
    }

    @Test func badURLsAreNamed() {
        #expect(throws: HTTPError.self) { try url("ftp://h/x", base: nil) }
        do {
            _ = try url("relative", base: nil)
            Issue.record("expected invalidURL")
        } catch let error as HTTPError {
            #expect(error.kind == .invalidURL)
            #expect(error.message.contains("\"relative\""))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func requestHeadersWinOverTheClientsAndKeepTheirSpelling() throws {
        var request = HTTPRequest(.get, "/x")
        request.headers.add(name: "x-API-key", value: "mine")
        let prepared = try PreparedRequest(request, routes: RouteCache(base: URL(string: "http://h/")),
                                           clientHeaders: ["X-Api-Key": "client", "User-Agent": "explorer"])
        #expect(prepared.headers.values(for: "x-api-key") == ["mine"])
        #expect(prepared.headers.fields.map(\.name) == ["User-Agent", "x-API-key", "Accept-Encoding"], "the default Accept-Encoding last (SPEC §10)")
    }

    @Test(arguments: ["X-Evil\r\nInjected: yes", "Bad Name", "", "Ctrl\u{1}"])
    func invalidHeaderNamesAreRefused(_ name: String) {
        var request = HTTPRequest(.get, "/x")
        request.headers.add(name: name, value: "v")
        #expect(throws: HTTPError.self) { try PreparedRequest(request, routes: RouteCache(base: URL(string: "http://h/")), clientHeaders: [:]) }
    }

    @Test(arguments: ["a\r\nSet-Cookie: x", "a\nb", "nul\u{0}", "esc\u{1B}[2J"])
    func invalidHeaderValuesAreRefusedNamingTheHeader(_ value: String) {
        var request = HTTPRequest(.get, "/x")
        request.headers.add(name: "X-Trace", value: value)
        do {
            _ = try PreparedRequest(request, routes: RouteCache(base: URL(string: "http://h/")), clientHeaders: [:])
            Issue.record("expected invalidHeader")
        } catch {
            #expect(error.kind == .invalidHeader)
            #expect(error.message.contains("X-Trace"))
        }
    }

    @Test func queryItemsKeepOrderAndRepeatsAndArePercentEncoded() throws {
        var request = HTTPRequest(.get, "/search?fixed=1")
        request.query = [QueryItem("k", "v1"), QueryItem("k", "v 2&x=é"), QueryItem("flag", nil)]
        let prepared = try PreparedRequest(request, routes: RouteCache(base: URL(string: "http://h/")), clientHeaders: [:])
        #expect(prepared.url.absoluteString == "http://h/search?fixed=1&k=v1&k=v%202%26x%3D%C3%A9&flag")
    }

    @Test func redirectsRewriteMethodsAndDropCredentialsAcrossOrigins() throws {
        var request = HTTPRequest(.post, "/form").body(Data("a=1".utf8), contentType: "application/x-www-form-urlencoded")
        request.headers.add(name: "Authorization", value: "Bearer t")
        let prepared = try PreparedRequest(request, routes: RouteCache(base: URL(string: "http://h/")), clientHeaders: [:])
        let origin = prepared.url.origin
        let sameOrigin303 = prepared.following(redirect: 303, to: URL(string: "http://h/done")!, originalOrigin: origin)
        #expect(sameOrigin303.method == .get && sameOrigin303.body.isEmpty)
        #expect(sameOrigin303.headers["Authorization"] == "Bearer t")
        let kept307 = prepared.following(redirect: 307, to: URL(string: "http://other:81/x")!, originalOrigin: origin)
        #expect(kept307.method == .post && kept307.body.bytes == Data("a=1".utf8))
        #expect(kept307.headers["Authorization"] == nil)
    }
}

extension PreparedRequest {
    /// The route resolved as the client resolves it, then prepared.
    init(_ request: HTTPRequest, routes: RouteCache, clientHeaders: HTTPHeaders) throws(HTTPError) {
        try self.init(request, url: routes.resolve(request.route).url, clientHeaders: clientHeaders)
    }
}
