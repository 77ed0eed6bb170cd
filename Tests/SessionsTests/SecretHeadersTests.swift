import ClientCore
import HTTPParsing
import Profiles
import Testing
@testable import Sessions

/// Every site that hides credentials reads the one list in HTTPParsing.
@Suite struct SecretHeadersTests {
    @Test func everySiteUsesTheOneList() {
        #expect(SecretHeaders.names == ["authorization", "cookie", "proxy-authorization"])
        #expect(SecretHeaders.contains("Proxy-Authorization") && !SecretHeaders.contains("Set-Cookie"))
        #expect(ProfileWriter.secretHeaders == SecretHeaders.names)
        #expect(CurlCommand.secretHeaderNames == SecretHeaders.names)
        #expect(SessionRecorder.alwaysSecretHeaders == SecretHeaders.namesWithResponses)
        #expect(SecretHeaders.namesWithResponses == SecretHeaders.names.union(["set-cookie"]))
    }
}
