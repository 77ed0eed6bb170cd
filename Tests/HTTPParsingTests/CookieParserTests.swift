import Foundation
import Testing
@testable import Cookies

@Suite struct CookieParserTests {
    private func parse(_ header: String) throws -> CookieParser.Parsed {
        try CookieParser.parse(header)
    }

    private func failure(_ header: String) -> CookieRejection.Reason? {
        do {
            _ = try CookieParser.parse(header)
            return nil
        } catch {
            return error
        }
    }

    @Test func nameAndValueAreTrimmedOfBlanksOnly() throws {
        let parsed = try parse(" \tsid = a b=c\t ; Path=/")
        #expect(parsed.name == "sid")
        #expect(parsed.value == "a b=c")
        #expect(try parse("q=\"quoted\"").value == "\"quoted\"")
        #expect(try parse("empty=").value == "")
    }

    @Test func attributesAreCaseInsensitiveAndRecorded() throws {
        let parsed = try parse("a=1; PATH=/x; SECURE; httpONLY; DoMaIn=.Example.COM; SameSite=lax; Expires=Sun, 06 Nov 1994 08:49:37 GMT; max-age=60; Unknown=1")
        #expect(parsed.path == "/x")
        #expect(parsed.secure && parsed.httpOnly)
        #expect(parsed.domain == "example.com")
        #expect(parsed.sameSite == .lax)
        #expect(parsed.expires == CookieDateTests.nov6_1994)
        #expect(parsed.maxAge == 60)
    }

    @Test func theLastAttributeOfANameWins() throws {
        #expect(try parse("a=1; Path=/a; Path=/b").path == "/b")
        #expect(try parse("a=1; Path=/a; Path=relative").path == nil)  // nil: the default-path
        #expect(try parse("a=1; Domain=example.com; Domain=").domain == "example.com")  // empty Domain is ignored
        #expect(try parse("a=1; Max-Age=5; Max-Age=7").maxAge == 7)
        #expect(try parse("a=1; SameSite=Strict; SameSite=whatever").sameSite == nil)
    }

    @Test func invalidMaxAgeAndExpiresAreIgnored() throws {
        for value in ["+5", "5s", "-", "", " 1 2", "0x10"] {
            #expect(try parse("a=1; Max-Age=\(value)").maxAge == nil, "\(value)")
        }
        #expect(try parse("a=1; Max-Age=-5").maxAge == -5)
        #expect(try parse("a=1; Max-Age=99999999999999999999999999").maxAge ?? 0 > 400 * 86_400)
        #expect(try parse("a=1; Expires=tomorrow").expires == nil)
    }

    @Test func overlongAttributeValuesAreIgnored() throws {
        let path = "/" + String(repeating: "p", count: 1024)
        #expect(try parse("a=1; Path=\(path)").path == nil)
        #expect(try parse("a=1; Path=\(path.dropLast())").path == String(path.dropLast()))
    }

    @Test func malformedPairsAreRejected() {
        #expect(failure("novalue") == .missingEquals)
        #expect(failure("novalue; a=b") == .missingEquals)
        #expect(failure("=value") == .emptyName)
        #expect(failure("  = value") == .emptyName)
        #expect(failure("a=b\r\nX-Injected: 1") == .invalidCharacter)
        #expect(failure("a\u{0}=b") == .invalidCharacter)
        #expect(failure("a=b\u{7F}") == .invalidCharacter)
        #expect(failure("a=b\tc") == nil)  // tab is allowed inside
    }

    @Test func sizeLimits() {
        #expect(failure("a=" + String(repeating: "v", count: 4095)) == nil)
        #expect(failure("a=" + String(repeating: "v", count: 4096)) == .nameValueTooLong)
        let padding = String(repeating: " ", count: CookieJar.maxHeaderBytes - 3)
        #expect(failure("a=1" + padding) == nil)
        #expect(failure("a=1" + padding + " ") == .headerTooLong)
    }
}
