import ClientCore
import CurlSyntax
import Profiles
import RequestModel
import Testing
@testable import Sessions

/// Every site that hides credentials asks the one type in RequestModel.
@Suite struct SecretHeadersTests {
    @Test func everySiteUsesTheOneList() {
        #expect(SessionRecorder(baseURL: nil).secretHeaders == Secrets.headers)
        var profile = Profile(name: "p")
        profile.headers = Secrets.requestHeaders.sorted().map { Profile.Header($0, "v4lue-\($0)") }
        let listed = ProfileWriter.yaml(profile, maskingSecrets: true)
        for name in Secrets.requestHeaders { #expect(!listed.contains("v4lue-\(name)"), "\(name) in \(listed)") }
        let curl = CurlCommand(url: "http://h/", headers: Secrets.requestHeaders.sorted().map { CurlHeader(name: $0, value: "v4lue") })
        #expect(!curl.render(includeSecrets: false).contains("v4lue"))
    }
}
