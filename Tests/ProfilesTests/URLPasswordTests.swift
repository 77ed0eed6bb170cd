import Testing
@testable import ProfileFormat
@testable import Profiles

/// A password in a URL is masked like any credential; references and user names stay.
@Suite struct URLPasswordTests {
    @Test(arguments: [
        ("http://bob:hunter2@host/api", "http://bob:•••@host/api"),
        ("https://bob:p@ss@host:8443?x=@", "https://bob:•••@host:8443?x=@"),
        ("http://bob@host/", "http://bob@host/"),
        ("http://host/a:b@c", "http://host/a:b@c"),
        ("http://bob:${env:PW}@host/", "http://bob:${env:PW}@host/"),
        ("http://bob:x${env:PW}@host/", "http://bob:•••@host/"),
        ("users/1", "users/1"),
    ])
    func passwordsAreMasked(url: String, expected: String) {
        #expect(URLPassword.masked(url) == expected)
    }

    @Test func theWriterMasksPasswordsInBaseURLProxyAndAltRequestURLs() {
        var profile = Profile(name: "p")
        profile.baseURL = "http://bob:hunter2@api.example/"
        profile.proxy = "http://proxy:pr0xy-pass@proxy.example:3128"
        profile.validators = [.altRequest(Profile.AltRequest(statuses: [401], url: "http://u:alt-pass@auth.example/t"))]
        let masked = ProfileWriter.yaml(profile, maskingSecrets: true)
        for secret in ["hunter2", "pr0xy-pass", "alt-pass"] { #expect(!masked.contains(secret), "\(secret) in \(masked)") }
        #expect(masked.contains(#"baseURL: "http://bob:•••@api.example/""#))
        #expect(ProfileWriter.yaml(profile, maskingSecrets: false).contains("hunter2"))
    }
}

/// Only references, with at most a scheme word, are shown when masking; altRequest JSON values are masked.
@Suite struct ProfileWriterMaskingTests {
    @Test(arguments: [("sekrit${env:NOPE}", false), ("Token ${env:T}", true), ("bearer{{alt.json.t}}", true),
                      ("Bearer x ${env:T}", false), ("${env:A}${env:B}", true), ("é${env:T}", false)])
    func onlySchemeWordsMayStandBesideReferences(value: String, shown: Bool) {
        #expect(ProfileWriter.holdsNoSecret(value) == shown)
    }

    @Test func aSecretBesideAReferenceIsMasked() {
        var profile = Profile(name: "p")
        profile.auth = .bearer("sekrit${env:NOPE}")
        let text = ProfileWriter.yaml(profile, maskingSecrets: true)
        #expect(!text.contains("sekrit"))
        #expect(text.contains(#"auth: { bearer: "•••" }"#))
    }

    @Test func altRequestJSONStringValuesAreMasked() throws {
        var profile = Profile(name: "p")
        profile.validators = [.altRequest(Profile.AltRequest(statuses: [401], url: "auth",
                                                             json: #"{"user":"${env:U}","password":"pa\"ss-word","n":3}"#))]
        let text = ProfileWriter.yaml(profile, maskingSecrets: true)
        #expect(!text.contains("pa\\\"ss-word"))
        #expect(text.contains(#"json: {"user":"${env:U}","password":"•••","n":3}"#), "\(text)")
        #expect(ProfileWriter.yaml(profile, maskingSecrets: false).contains("pa\\\"ss-word"))
    }
}
