import Foundation
import Testing
@testable import Profiles

/// Every key of a profile survives read → write → read; broken, truncated and unknown input is
/// refused with the file, the line and the key.
@Suite struct ProfileRoundTripTests {
    /// Each profile sets every key one way; together they take every form each key has.
    static let profiles: [String] = [
        ProfileReaderTests.specExample,
        """
        baseURL: "https://api.example.test:8443/v2/"
        headers: { Accept: application/json, X-Empty: "", X-Quote: "say \\"hi\\" # not a comment" }
        auth: { basic: { username: ann, password: "${env:PASSWORD}" } }
        timeout: 0.25
        deadline: 1.5
        maxRetries: 0
        redirects: { follow: false }
        tls: { insecure: true }
        proxy: "https://proxy.test:3128"
        cookies: false
        graphql: { schema: "schemas/api.graphql" }
        vars: { region: eu, "team-name": "core platform", key: "${env:KEY}", n: 3 }
        validators:
          - default:
              allowsEmptyResponses: false
              retryStatuses: []
              retry: { strategy: delayed, delay: 0.5, maxDelay: 2, jitter: equal }
              respectRetryAfter: false
              retryMethods: [get, POST]
          - default:
              retry: { strategy: fibonacci, unit: 0.1, maxDelay: 3, jitter: decorrelated }
          - default:
              retry: { strategy: immediate }
          - altRequest:
              statuses: [401, 403]
              request: { method: get, url: "https://login.test/refresh?x=1", headers: { X-Refresh: "${env:REFRESH}" } }
          - altRequest:
              statuses: [419]
              request: { url: /login, json: [1, 2.5, "three", null, true, { nested: { deep: [] } }] }
              apply: { headers: { X-Session: "{{alt.json.session.id}}", X-Whole: "{{alt.json}}" } }
          - check: { json: code, failWhen: { notEquals: 0 }, message: "error {{json.message}}" }
          - check: { json: retriable, retryWhen: { equals: true }, retry: { strategy: fibonacci, unit: 0.5, maxDelay: 10 } }
        """,
        "auth: { header: { name: X-Api-Key, value: k-123 } }\nredirects: { follow: true }\ntls: { insecure: false }\n",
        "baseURL: \"${env:BASE_URL}\"\nproxy: \"${env:PROXY}\"\n",
        "{}\n",
    ]

    @Test(arguments: 0..<profiles.count)
    func everyKeySurvivesAWriteAndARead(index: Int) throws {
        let original = try ProfileReader.read(Self.profiles[index], name: "p", file: "p.yaml")
        let written = ProfileWriter.yaml(original, maskingSecrets: false)
        let reread = try ProfileReader.read(written, name: "p", file: "p.yaml")
        #expect(reread == original)
        // And the written form is stable.
        #expect(ProfileWriter.yaml(reread, maskingSecrets: false) == written)
    }

    @Test func theSecondExampleSetsWhatItSays() throws {
        let profile = try ProfileReader.read(Self.profiles[1], name: "p", file: "p.yaml")
        #expect(profile.auth == .basic(username: "ann", password: "${env:PASSWORD}"))
        #expect(profile.timeout == 0.25 && profile.deadline == 1.5 && profile.maxRetries == 0)
        #expect(profile.redirects == Profile.Redirects(follow: false) && profile.tls == Profile.TLS(insecure: true))
        #expect(profile.cookies == false && profile.proxy == "https://proxy.test:3128")
        #expect(profile.headers[2] == Profile.Header("X-Quote", "say \"hi\" # not a comment"))
        #expect(profile.validators[0] == .standard(Profile.DefaultValidator(
            allowsEmptyResponses: false, retryStatuses: [], retry: Profile.Retry(strategy: "delayed", delay: 0.5, maxDelay: 2, jitter: "equal"),
            respectRetryAfter: false, retryMethods: ["GET", "POST"])))
        #expect(profile.validators[3] == .altRequest(Profile.AltRequest(
            statuses: [401, 403], method: "GET", url: "https://login.test/refresh?x=1", headers: [Profile.Header("X-Refresh", "${env:REFRESH}")])))
        guard case .altRequest(let login) = profile.validators[4] else {
            Issue.record("not an altRequest")
            return
        }
        #expect(login.method == "POST")
        #expect(login.json == #"[1,2.5,"three",null,true,{"nested":{"deep":[]}}]"#)
    }

    /// A file cut anywhere (a save that a careless writer left half done) reads as a profile or
    /// is refused with the file named, never a crash; a cut inside a value names its line.
    @Test func aTruncatedFileIsReadOrRefusedNeverACrash() {
        let text = Array(Self.profiles[1].utf8)
        var refused = 0
        for length in stride(from: 1, to: text.count, by: 7) {
            let cut = String(decoding: text[..<length], as: UTF8.self)
            do {
                _ = try ProfileReader.read(cut, name: "p", file: "p.yaml")
            } catch {
                refused += 1
                #expect(error.file == "p.yaml")
                if let line = error.line {
                    #expect(line >= 1 && line <= cut.split(separator: "\n", omittingEmptySubsequences: false).count, "\(error) for \(cut.debugDescription)")
                }
            }
        }
        #expect(refused > 0)
    }

    @Test func aCorruptedFileIsNamed() throws {
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        try Data([0x62, 0x61, 0xFF, 0xFE, 0x00, 0x3A]).write(to: store.file(for: "bin"))
        #expect(throws: ProfileProblem(file: store.file(for: "bin").path, line: nil, key: nil, message: "not UTF-8 text")) {
            try store.load("bin")
        }
        try root.write("- just\n- a list\n", to: "list.yaml")
        #expect {
            try store.load("list")
        } throws: { error in
            (error as? ProfileProblem)?.message.contains("expected a mapping of keys") == true
        }
        try root.write("baseURL: http://h/\n\u{0}\n", to: "nul.yaml")
        #expect(throws: ProfileProblem.self) { try store.load("nul") }
    }

    @Test(arguments: [
        ("baseURL: ftp://h/\n", 1, "baseURL", "needs http:// or https:// and a host"),
        ("baseURL: /relative\n", 1, "baseURL", "needs http:// or https://"),
        ("proxy: 127.0.0.1:3128\n", 1, "proxy", "is not a proxy URL"),
        ("headers: { \"Bad Name\": x }\n", 1, "headers.Bad Name", "invalid header name"),
        ("headers: { X-A: \"a\\nb\" }\n", 1, "headers.X-A", "control character"),
        ("validators:\n  - default:\n      retry: { strategy: exponential, unit: 1 }\n", 3, "validators[0].default.retry.unit",
         "exponential takes no unit (it reads base, multiplier, maxDelay, jitter)"),
        ("validators:\n  - default:\n      retry: { strategy: immediate, delay: 1 }\n", 3, "validators[0].default.retry.delay", "immediate takes no delay"),
        ("deadline: [1]\n", 1, "deadline", "expected a number of seconds"),
        ("redirects: { follow: true, max: -1 }\n", 1, "redirects.max", "out of range"),
        ("tls: { insecure: yes please }\n", 1, "tls.insecure", "expected true or false"),
        ("auth: { basic: { username: a } }\n", 1, "auth.basic", "password is missing"),
        ("auth: { token: a }\n", 1, "auth.token", "unknown key"),
        ("validators:\n  - altRequest:\n      statuses: [99]\n      request: { url: /r }\n", 3, "validators[0].altRequest.statuses[0]", "out of range"),
        ("validators:\n  - altRequest:\n      statuses: [401]\n      request: { url: /r, body: x }\n", 4, "validators[0].altRequest.request.body", "unknown key"),
        ("validators: { default: {} }\n", 1, "validators", "expected a list"),
        ("validators:\n  - altRequest:\n      statuses: [401]\n      request: { method: \"PO ST\", url: /r }\n", 4,
         "validators[0].altRequest.request.method", "\"PO ST\" is not a method"),
        ("validators:\n  - default:\n      retryMethods: [GET, \"\"]\n", 3, "validators[0].default.retryMethods[1]", "is not a method"),
        ("auth: { bearer: \"${env:API-TOKEN}\" }\n", 1, "auth.bearer", "write each environment reference as ${env:NAME}"),
        ("headers: { X-A: \"${env:A} ${env:\" }\n", 1, "headers.X-A", "write each environment reference"),
        ("validators:\n  - altRequest:\n      statuses: [401]\n      request: { url: /r, json: { a: \"${env:}\" } }\n", 4,
         "validators[0].altRequest.request.json", "write each environment reference"),
    ] as [(String, Int, String, String)])
    func moreProblemsNameFileLineAndKey(text: String, line: Int, key: String, message: String) {
        #expect {
            try ProfileReader.read(text, name: "p", file: "p.yaml")
        } throws: { error in
            guard let problem = error as? ProfileProblem else { return false }
            return problem.line == line && problem.key == key && problem.message.contains(message)
        }
    }
}
