import Testing
@testable import Profiles

/// `check` validators: the seed's custom validator as a few lines of YAML.
@Suite struct ProfileCheckTests {
    static let seedExample = """
        maxRetries: 3
        validators:
          - default:
          - check:
              json: code
              failWhen: { notEquals: 0 }
              message: "server error {{json.errorMsg}}"
          - check:
              json: retriable
              retryWhen: { equals: true }
              retry: { strategy: fibonacci, unit: 0.5, maxDelay: 10 }
        """

    @Test func theSeedsCustomValidatorIsAFewLines() throws {
        let profile = try ProfileReader.read(Self.seedExample, name: "ws", file: "ws.yaml")
        #expect(profile.validators == [
            .standard(Profile.DefaultValidator()),
            .check(Profile.Check(field: "code", condition: .notEquals("0"), action: .fail, message: "server error {{json.errorMsg}}")),
            .check(Profile.Check(field: "retriable", condition: .equals("true"),
                                 action: .retry(Profile.Retry(strategy: "fibonacci", unit: 0.5, maxDelay: 10)))),
        ])
    }

    @Test func everyConditionAndOptionIsReadAndWrittenBack() throws {
        let text = """
            validators:
              - check: { json: data.items.0.id, failWhen: exists, name: "no items" }
              - check: { json: status, failWhen: { oneOf: ["error", 'fatal', 3, null] } }
              - check: { json: data, failWhen: { missing: true } }
              - check: { json: state, retryWhen: { equals: "busy" }, retryMethods: [get, POST] }
              - check: { json: ready, retryWhen: { exists: true }, retry: { strategy: delayed, delay: 1.5 } }
              - check: { json: "", failWhen: { equals: { "a": [1, true] } } }
            """
        let profile = try ProfileReader.read(text, name: "p", file: "p.yaml")
        #expect(profile.validators == [
            .check(Profile.Check(field: "data.items.0.id", condition: .exists, action: .fail, name: "no items")),
            .check(Profile.Check(field: "status", condition: .oneOf([#""error""#, #""fatal""#, "3", "null"]), action: .fail)),
            .check(Profile.Check(field: "data", condition: .missing, action: .fail)),
            .check(Profile.Check(field: "state", condition: .equals(#""busy""#), action: .retry(nil), retryMethods: ["GET", "POST"])),
            .check(Profile.Check(field: "ready", condition: .exists, action: .retry(Profile.Retry(strategy: "delayed", delay: 1.5)))),
            .check(Profile.Check(field: "", condition: .equals(#"{"a":[1,true]}"#), action: .fail)),
        ])
        let written = ProfileWriter.yaml(profile, maskingSecrets: false)
        #expect(try ProfileReader.read(written, name: "p", file: "p.yaml") == profile)
    }

    @Test(arguments: [
        ("validators:\n  - check: { failWhen: exists }\n", 2, "validators[0].check", "json is missing"),
        ("validators:\n  - check: { json: a..b, failWhen: exists }\n", 2, "validators[0].check.json", "not a field path"),
        ("validators:\n  - check: { json: a }\n", 2, "validators[0].check", "exactly one of failWhen or retryWhen"),
        ("validators:\n  - check: { json: a, failWhen: exists, retryWhen: missing }\n", 2, "validators[0].check", "exactly one of failWhen"),
        ("validators:\n  - check: { json: a, failWhen: sometimes }\n", 2, "validators[0].check.failWhen", "expected exists, missing"),
        ("validators:\n  - check: { json: a, failWhen: { above: 3 } }\n", 2, "validators[0].check.failWhen.above", "unknown key"),
        ("validators:\n  - check: { json: a, failWhen: { equals: 1, notEquals: 2 } }\n", 2, "validators[0].check.failWhen", "exactly one condition"),
        ("validators:\n  - check: { json: a, failWhen: { exists: false } }\n", 2, "validators[0].check.failWhen.exists", "write exists: true"),
        ("validators:\n  - check: { json: a, failWhen: exists, retry: { strategy: immediate } }\n", 2, "validators[0].check.retry", "only a retryWhen"),
        ("validators:\n  - check: { json: a, retryWhen: exists, message: x }\n", 2, "validators[0].check.message", "only a failWhen"),
        ("validators:\n  - check:\n      json: a\n      failWhen: exists\n      message: \"bad {{alt.json.x}}\"\n", 5, "validators[0].check.message", "unknown placeholder {{alt.json.x}}"),
        ("validators:\n  - check: { json: a, retryWhen: exists, retry: { strategy: linear } }\n", 2, "validators[0].check.retry.strategy", "unknown strategy"),
        ("validators:\n  - altRequest:\n      statuses: [401]\n      request: { url: /r }\n      apply: { headers: { Authorization: \"Bearer {{json.token}}\" } }\n",
         5, "validators[0].altRequest.apply.headers.Authorization", "unknown placeholder {{json.token}}"),
    ] as [(String, Int, String, String)])
    func problemsNameFileLineAndKey(text: String, line: Int, key: String, message: String) {
        #expect {
            try ProfileReader.read(text, name: "p", file: "p.yaml")
        } throws: { error in
            guard let problem = error as? ProfileProblem else { return false }
            return problem.line == line && problem.key == key && problem.message.contains(message)
        }
    }
}
