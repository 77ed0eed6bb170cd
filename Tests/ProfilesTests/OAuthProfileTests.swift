import ClientCore
import Foundation
import ProfileFormat
import Testing
@testable import Profiles

/// SPEC §11's `auth: { oauth2: … }`: the SPEC's own example read key for key, written back the
/// same, and each mistake refused with its place.
@Suite struct OAuthProfileTests {
    static let specExample = """
        baseURL: https://api.example.com/
        auth:
          oauth2:
            grant: authorization_code          # or client_credentials, device_code
            issuer: https://login.example.com  # optional: endpoints read from RFC 8414 metadata
            authorizationURL: https://login.example.com/authorize
            tokenURL: https://login.example.com/token
            deviceAuthorizationURL: https://login.example.com/device
            revocationURL: https://login.example.com/revoke     # optional (RFC 7009)
            clientId: explorer-cli
            clientSecret: "${env:CLIENT_SECRET}"  # absent for a public client
            clientAuth: basic                  # or post (client_secret_post); default basic when a secret is set
            scope: "read:users write:jobs"
            params: { audience: https://api.example.com }   # extra token/authorization request parameters
            redirectPort: 0                    # loopback redirect port; 0 takes any free one
        """

    @Test func theSpecsExampleIsReadAndWrittenBack() throws {
        let profile = try ProfileReader.read(Self.specExample, name: "api", file: "api.yaml")
        guard case .oauth2(let oauth)? = profile.auth else { Issue.record("no oauth2"); return }
        #expect(oauth.grant == .authorizationCode && oauth.issuer == "https://login.example.com")
        #expect(oauth.authorizationURL == "https://login.example.com/authorize" && oauth.tokenURL == "https://login.example.com/token")
        #expect(oauth.deviceAuthorizationURL == "https://login.example.com/device" && oauth.revocationURL == "https://login.example.com/revoke")
        #expect(oauth.clientId == "explorer-cli" && oauth.clientSecret == "${env:CLIENT_SECRET}" && oauth.clientAuth == "basic")
        #expect(oauth.scope == "read:users write:jobs" && oauth.params == [.init("audience", "https://api.example.com")] && oauth.redirectPort == 0)
        let written = ProfileWriter.yaml(profile, maskingSecrets: false)
        #expect(try ProfileReader.read(written, name: "api", file: "api.yaml") == profile)
        let masked = ProfileWriter.yaml(try ProfileReader.read(Self.specExample.replacingOccurrences(of: "\"${env:CLIENT_SECRET}\"", with: "s3cret"),
                                                               name: "api", file: "api.yaml"), maskingSecrets: true)
        #expect(!masked.contains("s3cret") && masked.contains("clientSecret: \"•••\""))
    }

    @Test(arguments: [
        ("grant: implicit\n    clientId: c\n    tokenURL: https://h/t", "is not a grant"),
        ("grant: client_credentials\n    clientId: c", "client_credentials needs tokenURL"),
        ("grant: device_code\n    clientId: c\n    tokenURL: https://h/t", "device_code needs deviceAuthorizationURL"),
        ("grant: client_credentials\n    tokenURL: https://h/t", "clientId is missing"),
        ("grant: client_credentials\n    clientId: c\n    tokenURL: https://h/t\n    clientAuth: jwt", "is not basic or post"),
    ])
    func mistakesAreNamed(body: String, message: String) {
        let text = "baseURL: https://api.example.com/\nauth:\n  oauth2:\n    \(body)\n"
        #expect { try ProfileReader.read(text, name: "api", file: "api.yaml") } throws: { error in
            String(describing: error).contains("api.yaml:") && String(describing: error).contains(message)
        }
    }

    @Test func aProfileWithoutBaseURLCannotSendATokenAnywhere() {
        #expect { try ProfileReader.read("auth: { oauth2: { grant: client_credentials, clientId: c, tokenURL: https://h/t } }", name: "p", file: "p.yaml") }
            throws: { String(describing: $0).contains("oauth2 needs a baseURL") }
    }

    /// https everywhere except on a loopback host, refused before anything is sent.
    @Test func plainHTTPIsRefusedOffLoopback() throws {
        var profile = Profile(name: "api")
        profile.baseURL = "https://api.example.com/"
        var oauth = Profile.OAuth2(grant: .clientCredentials, clientId: "c")
        oauth.tokenURL = "http://login.example.com/token"
        profile.auth = .oauth2(oauth)
        #expect { try profile.makeClient() } throws: { String(describing: $0).contains("auth.oauth2.tokenURL") && String(describing: $0).contains("must use https") }
        oauth.tokenURL = "http://127.0.0.1:9/token"
        profile.auth = .oauth2(oauth)
        let client = try profile.makeClient()
        #expect(client.oauth != nil && client.auth == nil)
    }

    @Test func theBuiltInDemoOAuthProfileIsAProfileLikeAnyOther() throws {
        let profile = try #require(Profile.builtIn(ProfileName.demoOAuth, baseURL: "http://127.0.0.1:8080/", key: "k"))
        let written = ProfileWriter.yaml(profile, maskingSecrets: false)
        let read = try ProfileReader.read(written, name: ProfileName.demoOAuth, file: "demo-oauth.yaml")
        #expect(read.auth == profile.auth)
        #expect(ProfileName.isBuiltIn("demo-oauth") && !ProfileName.isBuiltIn("api"))
    }
}
