import RequestModel
import Testing
@testable import ProfileFormat
@testable import Profiles

@Suite struct ProfileWriterTests {
    @Test func everyKeySurvivesAWriteAndARead() throws {
        let original = try ProfileReader.read(ProfileReaderTests.specExample, name: "api", file: "api.yaml")
        let written = ProfileWriter.yaml(original, maskingSecrets: false)
        #expect(try ProfileReader.read(written, name: "api", file: "api.yaml") == original)
    }

    @Test func textThatLooksLikeYAMLStaysText() throws {
        var profile = Profile(name: "p")
        profile.baseURL = "http://h/#not a comment"
        profile.headers = [Profile.Header("X-Odd", "a: b - c\"{}[],&*!|>'%@` #x"), Profile.Header("X-Empty", "")]
        profile.auth = .basic(username: "ann: x", password: "p#w\u{1B}\n- y: z")
        let written = ProfileWriter.yaml(profile, maskingSecrets: false)
        #expect(try ProfileReader.read(written, name: "p", file: "p.yaml") == profile)
    }

    @Test func secretsAreMaskedButEnvironmentReferencesShown() {
        var profile = Profile(name: "p")
        profile.auth = .bearer("s3cret-token")
        profile.headers = [Profile.Header("Authorization", "Bearer abc"), Profile.Header("Cookie", "${env:COOKIE}"),
                           Profile.Header("X-Trace", "visible")]
        let shown = ProfileWriter.yaml(profile, maskingSecrets: true)
        #expect(!shown.contains("s3cret-token"))
        #expect(!shown.contains("Bearer abc"))
        #expect(shown.contains("${env:COOKIE}"))
        #expect(shown.contains("visible"))
        #expect(shown.contains("auth: { bearer: \"•••\" }"))
    }

    /// A value that only says where its secret comes from is shown; one that holds a secret is not.
    @Test(arguments: [("Bearer {{alt.json.token}}", true), ("${env:T}", true), ("Basic ${env:B}", true),
                      ("Bearer abc{{alt.json.token}}", false), ("Bearer s3cret", false), ("", false)])
    func referencesAreNotSecrets(value: String, shown: Bool) {
        #expect(Secrets.holdsNoSecret(value) == shown)
    }

    @Test func aProfileOfDefaultsIsAnEmptyMapping() throws {
        let written = ProfileWriter.yaml(Profile(name: "p"), maskingSecrets: false)
        #expect(written == "{}\n")
        #expect(try ProfileReader.read(written, name: "p", file: "p.yaml") == Profile(name: "p"))
    }
}
