import Testing
import RequestModel

/// What the parser refuses, why, and the 1-based column (in characters of what was typed) where
/// the path stops being valid, so a caller can draw a caret under it.
@Suite struct JSONPathParserTests {
    @Test(arguments: [
        ("", 1, "a JSONPath starts with '$'"),
        (" $", 1, "a JSONPath starts with '$'"),
        ("$ ", 2, "blank space may not end a path"),
        ("$.a b", 5, "unexpected 'b'"),
        ("$.", 3, "expected a member name or '*' after '.'"),
        ("$. a", 3, "expected a member name or '*' after '.'"),
        ("$..", 4, "expected a member name or '*' after '.'"),
        ("$[", 3, "expected a selector: a quoted name, '*', an index, a slice or a '?' filter"),
        ("$[0 2]", 5, "expected ',' or ']'"),
        ("$[1:2:3:4]", 8, "expected ',' or ']'"),
        ("$.a[01]", 6, "an integer has no leading zeros"),
        ("$[-0]", 4, "-0 is not an integer here"),
        ("$[9007199254740992]", 18, "an integer must lie within ±(2^53 − 1)"),
        ("$['a]", 6, "the string opened at column 3 has no closing quote"),
        (#"$['\x']"#, 5, #"invalid escape '\x'"#),
        (#"$["\'"]"#, 5, #"invalid escape '\''"#),
        (#"$["\uDC00"]"#, 6, "a low surrogate escape must follow a high surrogate"),
        (#"$["\uD800x"]"#, 10, #"a high surrogate escape must be followed by a low surrogate '\uDC00'-'\uDFFF'"#),
        (#"$["\uD800\u0041"]"#, 12, #"a high surrogate escape must be followed by a low surrogate '\uDC00'-'\uDFFF'"#),
        (#"$["\u12"]"#, 8, #"expected 4 hex digits after '\u'"#),
        ("$.X-Key", 4, "unexpected '-'"),
        ("$[?@.a == ]", 11, "expected a query, a literal or a function"),
        ("$[?(@.a]", 8, "expected ')'"),
        ("$[?@.a = 1]", 8, "expected ',' or ']'"),
        ("$[?@==True]", 7, "expected a query, a literal or a function"),
        ("$[?@==nul]", 7, "unknown name 'nul' (literals are true, false and null; a function needs '(')"),
        ("$[?1]", 4, "a literal is not a test: compare it"),
        ("$[?length(@)]", 4, "length() gives a value, not a test: compare it"),
        ("$[?length(@.*) < 3]", 11, "only a singular query (names and indices, no wildcard, slice, filter or '..') gives a value"),
        ("$[?@.* == 1]", 4, "only a singular query (names and indices, no wildcard, slice, filter or '..') gives a value"),
        ("$[?@[ 'a' ] == 1]", 4, "a singular query has no blank space inside its brackets"),
        ("$[?match(@.a, 'x') == true]", 4, "match() gives a test result, not a value"),
        ("$[?count(1) == 1]", 10, "count() takes a query (a nodelist) here"),
        ("$[?count(@.a, @.b) == 1]", 15, "count() takes 1 argument"),
        ("$[?match(@.a) == 1]", 13, "match() takes 2 arguments"),
        ("$[?foo(@)]", 4, "unknown function 'foo' (known: length, count, match, search, value)"),
        ("$[?count (@.*) == 1]", 4, "unknown name 'count' (literals are true, false and null; a function needs '(')"),
        ("$[?!@.a == 1]", 9, "expected ',' or ']'"),
        ("$[?!!@.a]", 5, "expected a query, a literal or a function"),
    ])
    func refusedWithTheColumnWhereThePathStopsBeingValid(path: String, column: Int, message: String) throws {
        let problem = try #require(JSONPathRun.problem(path))
        #expect(problem.column == column)
        #expect(problem.message == message)
        #expect(problem.path == path)
    }

    @Test func theProblemDrawsACaretUnderItsColumn() throws {
        let problem = try #require(JSONPathRun.problem("$.items[?@.price <]"))
        #expect(problem.caret == "$.items[?@.price <]\n                  ^")
        #expect(problem.description == #"bad JSON path "$.items[?@.price <]": expected a query, a literal or a function at column 19"#)
    }

    /// Columns count characters (Unicode scalars), not bytes or UTF-16 units.
    @Test func columnsCountCharacters() throws {
        #expect(JSONPathRun.problem("$['😀é'] x")?.column == 9)
    }

    @Test func nestingIsCappedInsteadOfExhaustingTheStack() throws {
        let deep = "$[?" + String(repeating: "(", count: 10_000) + "@" + String(repeating: ")", count: 10_000) + "]"
        let problem = try #require(JSONPathRun.problem(deep))
        #expect(problem.message.contains("nests deeper"))
        let filters = "$" + String(repeating: "[?@", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(JSONPathRun.problem(filters)?.message.contains("nests deeper") == true)
        // Sixty levels are fine.
        #expect(JSONPathRun.problem("$[?" + String(repeating: "(", count: 60) + "@" + String(repeating: ")", count: 60) + "]") == nil)
    }

    @Test(arguments: [
        "$", "$ .a", "$\n['a']", "$['a'] ['b']", "$[ 'a' , 1 ]", "$..*", "$..[0]", "$.☺", "$._a1", "$[?@]",
        "$[?!(@.a == 1)]", "$[? @.a && (@.b || !@.c)]", "$[?@.a==-0]", "$[?@.a==1.5E+3]", "$[?@ == \"q'\"]",
        "$[?length(@ .a .b) == 3]", "$[?count(@..*) > 2]", "$[?value(@.*) == 4]", "$[?match(@, $.re)]",
        "$[?search(@.a, value($..re))]", "$[?length(value(@.a)) > 0]", "$[::]", "$[:]", "$[-1::-1]",
        "$[-9007199254740991]", #"$["\uD834\uDD1E"]"#, "$[?@.a == $.b]", "$[?@['a b'] == 1]",
    ])
    func accepted(path: String) {
        #expect(JSONPathRun.problem(path) == nil)
    }

    @Test func singularQueries() throws {
        #expect(try JSONPath("$.a[0]['b']").isSingular)
        #expect(try !JSONPath("$.a[*]").isSingular)
        #expect(try !JSONPath("$..a").isSingular)
        #expect(try !JSONPath("$[0, 1]").isSingular)
    }
}

/// SPEC §7's shorthand: no leading `$`, split on `.`, digits are indices, other parts names.
@Suite struct JSONPathShorthandTests {
    @Test(arguments: [
        ("code", "$.code"), ("items.0.id", "$.items[0].id"), ("x-rate", "$['x-rate']"), ("items[0].id", "$.items[0].id"),
        ("a.*.b", "$.a.*.b"), ("0", "$[0]"), ("a b.c", "$['a b'].c"), ("it's", #"$['it\'s']"#), (#"back\slash"#, #"$['back\\slash']"#),
        ("a['x.y'].b", "$.a['x.y'].b"), ("données.été", "$.données.été"),
    ])
    func expandsToTheRFCQuery(shorthand: String, query: String) throws {
        let path = try JSONPath(shorthand)
        #expect(path.query == query)
        #expect(path.text == shorthand)
    }

    @Test func selectsWhatTheQuerySelects() throws {
        let document = #"{"items": [{"id": 7}], "x-rate": 5, "code": 200}"#
        #expect(try JSONPathRun.values("items.0.id", document) == ["7"])
        #expect(try JSONPathRun.values("x-rate", document) == ["5"])
        #expect(try JSONPathRun.values("code", document) == ["200"])
    }

    /// Problems point into what the user typed, not into the expanded query.
    @Test(arguments: [("a..b", 3, "a name is missing between dots"), ("a.", 3, "a name is missing between dots"),
                      ("items.b[", 9, "expected a selector: a quoted name, '*', an index, a slice or a '?' filter"),
                      ("items.01", 8, "an integer has no leading zeros"), ("a.b[x]", 5, "expected a selector: a quoted name, '*', an index, a slice or a '?' filter")])
    func problemsPointIntoTheShorthand(shorthand: String, column: Int, message: String) throws {
        let problem = try #require(JSONPathRun.problem(shorthand))
        #expect(problem.column == column)
        #expect(problem.message == message)
        #expect(problem.path == shorthand)
    }

    /// Only text that starts with a name character or digit is shorthand; anything else is RFC 9535.
    @Test func otherTextIsReadAsRFC9535() {
        #expect(JSONPathRun.problem("@.a") != nil)
        #expect(JSONPathRun.problem(" a") != nil)
        #expect(JSONPathRun.problem(".a") != nil)
        #expect(throws: JSONPathProblem.self) { try JSONPath(rfc9535: "code") }
    }
}
