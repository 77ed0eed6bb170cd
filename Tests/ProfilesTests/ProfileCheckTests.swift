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
            .check(Profile.Check(field: "code", predicate: .notEquals(0), action: .fail, message: "server error {{json.errorMsg}}")),
            .check(Profile.Check(field: "retriable", predicate: .equals(true),
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
              - check: { json: "$.items[?@.price > 10].name", failWhen: { count: 2 } }
              - check: { json: $.total, failWhen: { lessThan: 1.50 } }
              - check: { json: $.id, failWhen: { matches: "^[0-9]+$" } }
              - check: { json: $.name, failWhen: isString }
              - check: { json: $.tags, failWhen: { contains: "a" } }
            """
        let profile = try ProfileReader.read(text, name: "p", file: "p.yaml")
        #expect(profile.validators == [
            .check(Profile.Check(field: "data.items.0.id", predicate: .exists(true), action: .fail, name: "no items")),
            .check(Profile.Check(field: "status", predicate: .isIn(["error", "fatal", 3, .null]), action: .fail)),
            .check(Profile.Check(field: "data", predicate: .exists(false), action: .fail)),
            .check(Profile.Check(field: "state", predicate: .equals("busy"), action: .retry(nil), retryMethods: ["GET", "POST"])),
            .check(Profile.Check(field: "ready", predicate: .exists(true), action: .retry(Profile.Retry(strategy: "delayed", delay: 1.5)))),
            .check(Profile.Check(field: "", predicate: .equals(["a": [1, true]]), action: .fail)),
            .check(Profile.Check(field: "$.items[?@.price > 10].name", predicate: .count(2), action: .fail)),
            .check(Profile.Check(field: "$.total", predicate: .lessThan(.number("1.50")), action: .fail)),
            .check(Profile.Check(field: "$.id", predicate: .matches("^[0-9]+$"), action: .fail)),
            .check(Profile.Check(field: "$.name", predicate: .isString, action: .fail)),
            .check(Profile.Check(field: "$.tags", predicate: .contains("a"), action: .fail)),
        ])
        let written = ProfileWriter.yaml(profile, maskingSecrets: false)
        #expect(try ProfileReader.read(written, name: "p", file: "p.yaml") == profile)
    }

    @Test(arguments: [
        ("validators:\n  - check: { failWhen: exists }\n", 2, "validators[0].check", "json is missing"),
        ("validators:\n  - check: { json: \"$.a[\", failWhen: exists }\n", 2, "validators[0].check.json", "bad JSON path \"$.a[\""),
        ("validators:\n  - check: { json: a }\n", 2, "validators[0].check", "exactly one of failWhen or retryWhen"),
        ("validators:\n  - check: { json: a, failWhen: exists, retryWhen: missing }\n", 2, "validators[0].check", "exactly one of failWhen"),
        ("validators:\n  - check: { json: a, failWhen: sometimes }\n", 2, "validators[0].check.failWhen", "expected exists, missing"),
        ("validators:\n  - check: { json: a, failWhen: { above: 3 } }\n", 2, "validators[0].check.failWhen.above", "unknown key"),
        ("validators:\n  - check: { json: a, failWhen: { equals: 1, notEquals: 2 } }\n", 2, "validators[0].check.failWhen", "exactly one predicate"),
        ("validators:\n  - check: { json: a, failWhen: { count: -1 } }\n", 2, "validators[0].check.failWhen.count", "count takes a whole number"),
        ("validators:\n  - check: { json: a, failWhen: { matches: \"(\" } }\n", 2, "validators[0].check.failWhen.matches", "not a regular expression"),
        ("validators:\n  - check: { json: a, failWhen: { isString: false } }\n", 2, "validators[0].check.failWhen.isString", "write isString: true"),
        ("validators:\n  - check: { json: a, failWhen: exists, retry: { strategy: immediate } }\n", 2, "validators[0].check.retry", "only a retryWhen"),
        ("validators:\n  - check: { json: a, retryWhen: exists, message: x }\n", 2, "validators[0].check.message", "only a failWhen"),
        ("validators:\n  - check:\n      json: a\n      failWhen: exists\n      message: \"bad {{alt.json.x}}\"\n", 5, "validators[0].check.message", "unknown placeholder {{alt.json x}}"),
        ("validators:\n  - check: { json: a, retryWhen: exists, retry: { strategy: linear } }\n", 2, "validators[0].check.retry.strategy", "unknown strategy"),
        ("validators:\n  - altRequest:\n      statuses: [401]\n      request: { url: /r }\n      apply: { headers: { Authorization: \"Bearer {{json.token}}\" } }\n",
         5, "validators[0].altRequest.apply.headers.Authorization", "unknown placeholder {{json token}}"),
    ] as [(String, Int, String, String)])
    func problemsNameFileLineAndKey(text: String, line: Int, key: String, message: String) {
        #expect {
            try ProfileReader.read(text, name: "p", file: "p.yaml")
        } throws: { error in
            guard let problem = error as? ProfileProblem else { return false }
            return problem.line == line && problem.key == key && problem.message.contains(message)
        }
    }

    /// SPEC §7: a bad path is refused with the column of its line where it stops being valid.
    @Test func aBadPathNamesItsLineAndColumn() {
        let text = "validators:\n  - check:\n      json: $.items[?@.price <]\n      failWhen: exists\n"
        #expect {
            try ProfileReader.read(text, name: "p", file: "p.yaml")
        } throws: { error in
            (error as? ProfileProblem)?.description.hasPrefix("p.yaml:3:31: validators[0].check.json: bad JSON path") == true
        }
    }
}
