import RequestModel
import Testing
@testable import ProfileFormat
@testable import Profiles

/// The writer masks URL passwords (the rule itself: `SecretsTests`).
@Suite struct URLPasswordTests {
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
        #expect(Secrets.holdsNoSecret(value) == shown)
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
