import RequestModel
import Testing
@testable import Profiles

@Suite struct ProfileReaderTests {
    /// SPEC §4's example, key for key.
    static let specExample = """
        baseURL: http://127.0.0.1:8080/api/
        headers: { User-Agent: explorer, X-API-Experimental: "true" }
        auth: { bearer: "${env:API_TOKEN}" }          # or basic: {username, password} or header: {name, value}
        timeout: 10                                   # seconds per attempt
        deadline: 60                                  # seconds for all attempts together
        maxRetries: 2
        redirects: { follow: true, max: 10 }
        tls: { insecure: false, caFile: /path/to/ca.pem }
        proxy: http://127.0.0.1:3128
        cookies: true                                 # the jar is kept per profile
        vars: { region: eu }                          # {{region}} in URLs, headers and bodies (§8)
        validators:                                   # ordered, as in the client's chain
          - default:
              allowsEmptyResponses: true
              retryStatuses: [408, 429, 500, 502, 503, 504]
              retry: { strategy: exponential, base: 0.5, multiplier: 2, maxDelay: 30, jitter: full }
              respectRetryAfter: true
              retryMethods: [GET, HEAD, OPTIONS, PUT, DELETE]
          - altRequest:                               # e.g. silent login / token refresh
              statuses: [401]
              request: { method: POST, url: /refresh, json: { refresh: "${env:REFRESH_TOKEN}" } }
              apply: { headers: { Authorization: "Bearer {{alt.json.token}}" } }
        """

    @Test func everyKeyOfTheSpecExampleIsRead() throws {
        let profile = try ProfileReader.read(Self.specExample, name: "api", file: "api.yaml")
        #expect(profile.name == "api")
        #expect(profile.baseURL == "http://127.0.0.1:8080/api/")
        #expect(profile.headers == [Profile.Header("User-Agent", "explorer"), Profile.Header("X-API-Experimental", "true")])
        #expect(profile.auth == .bearer("${env:API_TOKEN}"))
        #expect(profile.vars == [NamedValue("region", "eu")])
        #expect(profile.timeout == 10)
        #expect(profile.deadline == 60)
        #expect(profile.maxRetries == 2)
        #expect(profile.redirects == Profile.Redirects(follow: true, max: 10))
        #expect(profile.tls == Profile.TLS(insecure: false, caFile: "/path/to/ca.pem"))
        #expect(profile.proxy == "http://127.0.0.1:3128")
        #expect(profile.cookies == true)
        #expect(profile.validators.count == 2)
        guard case .standard(let standard) = profile.validators[0], case .altRequest(let alt) = profile.validators[1] else {
            Issue.record("validators out of order: \(profile.validators)")
            return
        }
        #expect(standard.allowsEmptyResponses == true)
        #expect(standard.retryStatuses == [408, 429, 500, 502, 503, 504])
        #expect(standard.retry == Profile.Retry(strategy: "exponential", base: 0.5, multiplier: 2, maxDelay: 30, jitter: "full"))
        #expect(standard.respectRetryAfter == true)
        #expect(standard.retryMethods == ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"])
        #expect(alt.statuses == [401])
        #expect(alt.method == "POST")
        #expect(alt.url == "/refresh")
        #expect(alt.json == #"{"refresh":"${env:REFRESH_TOKEN}"}"#)
        #expect(alt.applyHeaders == [Profile.Header("Authorization", "Bearer {{alt.json.token}}")])
    }

    @Test func maxBodyTakesASize() throws {
        for (text, bytes) in [("2G", 2 << 30), ("500M", 500 << 20), ("1024", 1024), ("1.5k", 1536), ("16GiB", 16 << 30), ("64 MB", 64 << 20)] {
            #expect(try ProfileReader.read("maxBody: \(text)\n", name: "p", file: "p.yaml").maxBody == bytes, "\(text)")
        }
        // Written back as bytes, read back the same.
        var profile = Profile(name: "p")
        profile.maxBody = 3 << 20
        #expect(try ProfileReader.read(ProfileWriter.yaml(profile, maskingSecrets: false), name: "p", file: "p.yaml").maxBody == 3 << 20)
    }

    @Test func otherAuthForms() throws {
        let basic = try ProfileReader.read("auth: { basic: { username: ann, password: s3cret } }", name: "p", file: "p.yaml")
        #expect(basic.auth == .basic(username: "ann", password: "s3cret"))
        let header = try ProfileReader.read("auth: { header: { name: X-Key, value: k } }", name: "p", file: "p.yaml")
        #expect(header.auth == .header(name: "X-Key", value: "k"))
    }

    /// Each bad file is refused with the file, the line, the column and the key at fault.
    @Test(arguments: [
        ("baseURL: http://h/\ntimout: 10\n", 2, 1, "timout", "unknown key"),
        ("tls:\n  insecure: false\n  cafile: x\n", 3, 3, "tls.cafile", "unknown key"),
        ("timeout: soon\n", 1, 10, "timeout", "expected a number of seconds"),
        ("timeout: -1\n", 1, 10, "timeout", "must not be negative"),
        ("maxRetries: 1000\n", 1, 13, "maxRetries", "out of range"),
        ("maxBody: 2X\n", 1, 10, "maxBody", "is not a size"),
        ("maxBody: 0\n", 1, 10, "maxBody", "is not a size"),
        ("cookies: maybe\n", 1, 10, "cookies", "expected true or false"),
        ("headers: [a, b]\n", 1, 10, "headers", "expected a mapping"),
        ("auth: { bearer: a, basic: b }\n", 1, 7, "auth", "exactly one"),
        ("validators:\n  - default:\n      retry: { strategy: linear }\n", 3, 26, "validators[0].default.retry.strategy", "unknown strategy"),
        ("validators:\n  - default:\n      retry: { strategy: fibonacci, jitter: lots }\n", 3, 45, "validators[0].default.retry.jitter", "unknown jitter"),
        ("validators:\n  - altRequest:\n      statuses: [401]\n", 3, 7, "validators[0].altRequest", "request is missing"),
        ("validators:\n  - retry: {}\n", 2, 5, "validators[0].retry", "unknown key"),
    ] as [(String, Int, Int, String, String)])
    func problemsNameFileLineColumnAndKey(text: String, line: Int, column: Int, key: String, message: String) {
        #expect {
            try ProfileReader.read(text, name: "p", file: "/home/u/.config/explorer/profiles/p.yaml")
        } throws: { error in
            guard let problem = error as? ProfileProblem else { return false }
            return problem.file == "/home/u/.config/explorer/profiles/p.yaml" && problem.line == line && problem.column == column
                && problem.key == key && problem.message.contains(message)
                && problem.description.hasPrefix("/home/u/.config/explorer/profiles/p.yaml:\(line):\(column): \(key): ")
        }
    }

    /// Nine levels of ten aliases each stand for a billion values: refused at once, not expanded.
    @Test func anAliasBombInAnAlternateRequestsJSONIsRefused() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            yaml += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        // The anchors must live inside the profile's own keys: put them in the json body.
        let profile = """
        validators:
          - altRequest:
              statuses: [401]
              request:
                method: POST
                url: refresh
                json:
        \(yaml.split(separator: "\n").map { "          " + $0 }.joined(separator: "\n"))
        """
        #expect {
            try ProfileReader.read(profile, name: "p", file: "p.yaml")
        } throws: { error in
            guard let problem = error as? ProfileProblem else { return false }
            return problem.message.contains("more than 100000 JSON values") && problem.key == "validators[0].altRequest.request.json"
        }
    }

    @Test func brokenYAMLIsRefusedWithItsLine() {
        #expect {
            try ProfileReader.read("baseURL: http://h/\nheaders: { a: b\ntimeout: 1\n", name: "p", file: "p.yaml")
        } throws: { error in
            guard let problem = error as? ProfileProblem else { return false }
            return problem.message.hasPrefix("not valid YAML") && problem.line != nil
        }
    }

    @Test func aKeyGivenTwiceIsNamed() {
        #expect {
            try ProfileReader.read("baseURL: http://h/\nbaseURL: http://i/\n", name: "p", file: "p.yaml")
        } throws: { error in
            (error as? ProfileProblem)?.message.contains("'baseURL'") == true
        }
    }

    @Test func anEmptyFileIsNamed() {
        #expect(throws: ProfileProblem(file: "p.yaml", line: nil, key: nil, message: "the file is empty")) {
            try ProfileReader.read("", name: "p", file: "p.yaml")
        }
    }
}
