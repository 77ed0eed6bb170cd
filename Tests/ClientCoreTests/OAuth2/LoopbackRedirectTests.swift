import Foundation
import Testing
@testable import ClientCore

/// RFC 8252's loopback redirect as SPEC §11 keeps it: one code for the grant's own state, every
/// other request refused without ending the wait.
@Suite struct LoopbackRedirectTests {
    static func get(_ client: HTTPClient, _ url: String) async throws -> Int {
        try await client.send(HTTPRequest(.get, url)).status
    }

    @Test func onlyTheGrantsStateBringsTheCodeAndOnlyOnce() async throws {
        let listener = try await LoopbackRedirect.start(port: 0, state: "s-1")
        let browser = HTTPClient()
        browser.validators = []
        let uri = listener.redirectURI
        #expect(uri.hasPrefix("http://127.0.0.1:") && uri.hasSuffix("/callback"))
        #expect(try await Self.get(browser, uri + "?code=forged&state=other") == 400)
        #expect(try await Self.get(browser, uri + "?code=forged") == 400, "a missing state is not ours either")
        #expect(try await Self.get(browser, uri.replacingOccurrences(of: "/callback", with: "/other") + "?code=c&state=s-1") == 404)
        #expect(try await Self.get(browser, uri + "?code=the-code&state=s-1") == 200)
        #expect(try await Self.get(browser, uri + "?code=second&state=s-1") == 400, "a second callback after the code")
        #expect(try await listener.code(timeout: 5) == "the-code")
        await listener.close()
        await browser.shutdown()
    }

    @Test func theServersErrorFailsTheGrantAsSent() async throws {
        let listener = try await LoopbackRedirect.start(port: 0, state: "s-2")
        let browser = HTTPClient()
        browser.validators = []
        _ = try await Self.get(browser, listener.redirectURI + "?error=access_denied&error_description=no%1B%5B31m%0Athanks&state=s-2")
        await #expect { try await listener.code(timeout: 5) } throws: { error in
            (error as? OAuthError) == OAuthError("access_denied", detail: "no[31mthanks")
        }
        await listener.close()
        await browser.shutdown()
    }

    @Test func nothingComingBackEndsTheWait() async throws {
        let listener = try await LoopbackRedirect.start(port: 0, state: "s-3")
        await #expect { try await listener.code(timeout: 0.2) } throws: { ($0 as? OAuthError)?.error == "expired_token" }
        await listener.close()
    }
}
