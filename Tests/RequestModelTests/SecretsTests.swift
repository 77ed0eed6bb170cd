@testable import RequestModel
import Testing

/// The one place that decides what is secret and masks it (SPEC §4, §5).
@Suite struct SecretsTests {
    @Test func credentialHeadersAreTheRequestOnesPlusSetCookie() {
        #expect(Secrets.requestHeaders == ["authorization", "cookie", "proxy-authorization"])
        #expect(Secrets.headers == Secrets.requestHeaders.union(["set-cookie"]))
        #expect(Secrets.isRequestHeader("Proxy-Authorization") && Secrets.isRequestHeader("COOKIE"))
        #expect(!Secrets.isRequestHeader("Set-Cookie") && !Secrets.isRequestHeader("X-Trace"))
        #expect(Secrets.mask == "•••")
    }

    @Test(arguments: [("Bearer abc123", "Bear•••"), ("abcd", "•••"), ("", "•••"), ("éèêëx", "éèêë•••")])
    func aGlimpseShowsFourCharactersAtMost(value: String, shown: String) {
        #expect(Secrets.glimpse(value) == shown)
    }

    /// The byte scan masking uses before it replaces: found anywhere, at either end, across
    /// multi-byte characters; not found when only a prefix or a different normalisation is there.
    @Test func theScanFindsASecretWhereverItIs() {
        #expect(Secrets.Values.holds("tok-abc", "tok-abc"))
        #expect(Secrets.Values.holds("Bearer tok-abc", "tok-abc"))
        #expect(Secrets.Values.holds("tok-abc!", "tok-abc"))
        #expect(Secrets.Values.holds("é tok-é", "tok-é"))
        #expect(!Secrets.Values.holds("tok-ab", "tok-abc"))
        #expect(!Secrets.Values.holds("tok-abX", "tok-abc"))
        #expect(!Secrets.Values.holds("anything", ""))
        #expect(Secrets.masking(["tok-abc"], in: "a tok-abc b tok-abc") == "a ••• b •••")
    }

    @Test func valuesAreMaskedLongestFirstAndShortOnesLeftAlone() {
        let text = "token=abcdef123 short=abc again abcdef"
        #expect(Secrets.masking(["abcdef", "abcdef123", "abc"], in: text) == "token=••• short=abc again •••")
        #expect(Secrets.masking(["abc", Secrets.mask, ""], in: text) == text)
        #expect(Secrets.Values(["abcd", "abcdefgh", "abcd"]).longestFirst == ["abcdefgh", "abcd"])
        #expect(Secrets.Values(["abc"]).isEmpty)
    }

    @Test(arguments: [
        ("http://bob:hunter2@host/api", "http://bob:•••@host/api"),
        ("https://bob:p@ss@host:8443?x=@", "https://bob:•••@host:8443?x=@"),
        ("http://bob@host/", "http://bob@host/"),
        ("http://bob:@host/", "http://bob:@host/"),
        ("http://host/a:b@c", "http://host/a:b@c"),
        ("http://bob:${env:PW}@host/", "http://bob:${env:PW}@host/"),
        ("http://bob:{{pw}}@host/", "http://bob:{{pw}}@host/"),
        ("http://bob:Bearer ${env:PW}@host/", "http://bob:•••@host/"),
        ("http://bob:x${env:PW}@host/", "http://bob:•••@host/"),
        ("users/1", "users/1"),
    ])
    func urlPasswordsAreMasked(url: String, expected: String) {
        #expect(Secrets.maskingPassword(in: url) == expected)
    }

    @Test func passwordAndUserInfo() {
        let url = "https://bob:p@ss@host/x@y"
        #expect(Secrets.password(in: url) == "p@ss")
        #expect(Secrets.userInfoRange(in: url).map { String(url[$0]) } == "bob:p@ss")
        #expect(Secrets.userInfoRange(in: "https://host/x@y") == nil)
        #expect(Secrets.password(in: "https://bob@host/") == nil)
    }

    /// A value that only says where its secret comes from is shown; `{{…}}` text that is not a
    /// valid template is no reference, so it is masked.
    @Test(arguments: [("${env:T}", true), ("Bearer {{alt.json.token}}", true), ("{{a}}${env:B}", true),
                      ("Bearer abc{{alt.json.token}}", false), ("{{not a placeholder}}", false),
                      ("Bearer {{x y}} ${env:T}", false), ("", false), ("plain", false)])
    func referencesAreNotSecrets(value: String, shown: Bool) {
        #expect(Secrets.holdsNoSecret(value) == shown)
    }

    @Test func aRenderingMasksItsSecretsInAnyText() throws {
        let rendered = try Template("Bearer {{token}} for ${env:USER_NAME} in {{region}}").render(with: TemplateValues(
            variables: ["token": TemplateValue("s3cr3t-t0k", secret: true), "region": TemplateValue("eu-west")],
            environment: ["USER_NAME": "annie"]))
        #expect(rendered.secrets == ["s3cr3t-t0k", "annie"])
        let curl = "curl -H 'Authorization: \(rendered.text)' -H 'X-Region: eu-west'"
        #expect(Secrets.masking(rendered.secrets, in: curl) == "curl -H 'Authorization: Bearer ••• for ••• in eu-west' -H 'X-Region: eu-west'")
    }

    /// The environment-only reading that profile values use: `{{…}}` is text there, never refused.
    @Test func anEnvironmentOnlyTemplateRefusesNothing() throws {
        let template = Template(environmentOnly: "{{ not valid }} ${env:A} ${env:1x} ${env:} ${env:B")
        #expect(template.environmentNames == ["A"])
        #expect(try template.render(with: TemplateValues(environment: ["A": "a"])).text == "{{ not valid }} a ${env:1x} ${env:} ${env:B")
        #expect(throws: TemplateProblem.self) { try Template("{{ not valid }}") }
    }
}
