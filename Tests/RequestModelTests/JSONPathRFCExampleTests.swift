import Testing
import RequestModel

/// Every example table of RFC 9535 (§1.5, §2.2–§2.7), with the RFC's documents, results and
/// normalized paths. Where the RFC says the order of an object's members is not determined,
/// the expectation is document order, which this engine keeps.
@Suite struct JSONPathRFCExampleTests {
    static let bookstore = #"""
    { "store": {
        "book": [
          { "category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95 },
          { "category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99 },
          { "category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99 },
          { "category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings", "isbn": "0-395-19395-8", "price": 22.99 }
        ],
        "bicycle": { "color": "red", "price": 399 }
      }
    }
    """#

    /// §1.5, Table 2.
    @Test(arguments: [
        ("$.store.book[*].author", [#""Nigel Rees""#, #""Evelyn Waugh""#, #""Herman Melville""#, #""J. R. R. Tolkien""#]),
        ("$..author", [#""Nigel Rees""#, #""Evelyn Waugh""#, #""Herman Melville""#, #""J. R. R. Tolkien""#]),
        ("$.store..price", ["8.95", "12.99", "8.99", "22.99", "399"]),
        ("$..book[2].author", [#""Herman Melville""#]),
        ("$..book[2].publisher", []),
        ("$..book[-1].title", [#""The Lord of the Rings""#]),
        ("$..book[0,1].title", [#""Sayings of the Century""#, #""Sword of Honour""#]),
        ("$..book[:2].title", [#""Sayings of the Century""#, #""Sword of Honour""#]),
        ("$..book[?@.isbn].title", [#""Moby Dick""#, #""The Lord of the Rings""#]),
        ("$..book[?@.price<10].title", [#""Sayings of the Century""#, #""Moby Dick""#]),
    ])
    func overview(path: String, expected: [String]) throws {
        #expect(try JSONPathRun.values(path, Self.bookstore) == expected)
    }

    @Test func overviewWholeValues() throws {
        let store = try JSONPathRun.values("$.store.*", Self.bookstore)
        #expect(store.count == 2 && store[0].hasPrefix("[{") && store[1] == #"{"color":"red","price":399}"#)
        #expect(try JSONPathRun.paths("$..book[2]", Self.bookstore) == ["$['store']['book'][2]"])
        // All member values and array elements: store, book, bicycle, 4 books, their 18 members, 2 of the bicycle's.
        #expect(try JSONPathRun.values("$..*", Self.bookstore).count == 27)
    }

    /// §2.2.3: the root.
    @Test func root() throws {
        #expect(try JSONPathRun.values("$", #"{"k": "v"}"#) == [#"{"k":"v"}"#])
        #expect(try JSONPathRun.paths("$", #"{"k": "v"}"#) == ["$"])
    }

    /// §2.3.1.3: name selectors.
    @Test(arguments: [
        (#"$.o['j j']"#, [#"{"k.k":3}"#], [#"$['o']['j j']"#]),
        (#"$.o['j j']['k.k']"#, ["3"], [#"$['o']['j j']['k.k']"#]),
        (#"$.o["j j"]["k.k"]"#, ["3"], [#"$['o']['j j']['k.k']"#]),
        (#"$["'"]["@"]"#, ["2"], [#"$['\'']['@']"#]),
    ])
    func nameSelector(path: String, values: [String], paths: [String]) throws {
        let document = #"{ "o": {"j j": {"k.k": 3}}, "'": {"@": 2} }"#
        #expect(try JSONPathRun.values(path, document) == values)
        #expect(try JSONPathRun.paths(path, document) == paths)
    }

    /// §2.3.2.3: wildcard selectors.
    @Test(arguments: [
        ("$[*]", [#"{"j":1,"k":2}"#, "[5,3]"], ["$['o']", "$['a']"]),
        ("$.o[*]", ["1", "2"], ["$['o']['j']", "$['o']['k']"]),
        ("$.o[*, *]", ["1", "2", "1", "2"], ["$['o']['j']", "$['o']['k']", "$['o']['j']", "$['o']['k']"]),
        ("$.a[*]", ["5", "3"], ["$['a'][0]", "$['a'][1]"]),
    ])
    func wildcardSelector(path: String, values: [String], paths: [String]) throws {
        let document = #"{ "o": {"j": 1, "k": 2}, "a": [5, 3] }"#
        #expect(try JSONPathRun.values(path, document) == values)
        #expect(try JSONPathRun.paths(path, document) == paths)
    }

    /// §2.3.3.3: index selectors.
    @Test func indexSelector() throws {
        #expect(try JSONPathRun.values("$[1]", #"["a","b"]"#) == [#""b""#])
        #expect(try JSONPathRun.paths("$[1]", #"["a","b"]"#) == ["$[1]"])
        #expect(try JSONPathRun.values("$[-2]", #"["a","b"]"#) == [#""a""#])
        #expect(try JSONPathRun.paths("$[-2]", #"["a","b"]"#) == ["$[0]"])
    }

    /// §2.3.4.3: array slices.
    @Test(arguments: [
        ("$[1:3]", ["b", "c"], [1, 2]),
        ("$[5:]", ["f", "g"], [5, 6]),
        ("$[1:5:2]", ["b", "d"], [1, 3]),
        ("$[5:1:-2]", ["f", "d"], [5, 3]),
        ("$[::-1]", ["g", "f", "e", "d", "c", "b", "a"], [6, 5, 4, 3, 2, 1, 0]),
    ])
    func sliceSelector(path: String, letters: [String], indices: [Int]) throws {
        let document = #"["a", "b", "c", "d", "e", "f", "g"]"#
        #expect(try JSONPathRun.values(path, document) == letters.map { "\"\($0)\"" })
        #expect(try JSONPathRun.paths(path, document) == indices.map { "$[\($0)]" })
    }

    /// §2.3.5.2.2: comparisons, each as a filter on `{"obj": …, "arr": …}` (true selects both members).
    @Test(arguments: [
        ("$.absent1 == $.absent2", true), ("$.absent1 <= $.absent2", true), ("$.absent == 'g'", false),
        ("$.absent1 != $.absent2", false), ("$.absent != 'g'", true), ("1 <= 2", true), ("1 > 2", false),
        ("13 == '13'", false), ("'a' <= 'b'", true), ("'a' > 'b'", false), ("$.obj == $.arr", false),
        ("$.obj != $.arr", true), ("$.obj == $.obj", true), ("$.obj != $.obj", false), ("$.arr == $.arr", true),
        ("$.arr != $.arr", false), ("$.obj == 17", false), ("$.obj != 17", true), ("$.obj <= $.arr", false),
        ("$.obj < $.arr", false), ("$.obj <= $.obj", true), ("$.arr <= $.arr", true), ("1 <= $.arr", false),
        ("1 >= $.arr", false), ("1 > $.arr", false), ("1 < $.arr", false), ("true <= true", true), ("true > true", false),
    ])
    func comparison(expression: String, holds: Bool) throws {
        let document = #"{"obj": {"x": "y"}, "arr": [2, 3]}"#
        #expect(try JSONPathRun.values("$[?\(expression)]", document).count == (holds ? 2 : 0))
    }

    static let filterDocument = #"""
    {
      "a": [3, 5, 1, 2, 4, 6, {"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}],
      "o": {"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}},
      "e": "f"
    }
    """#

    /// §2.3.5.3: filter selectors.
    @Test(arguments: [
        ("$.a[?@.b == 'kilo']", [#"{"b":"kilo"}"#], ["$['a'][9]"]),
        ("$.a[?(@.b == 'kilo')]", [#"{"b":"kilo"}"#], ["$['a'][9]"]),
        ("$.a[?@>3.5]", ["5", "4", "6"], ["$['a'][1]", "$['a'][4]", "$['a'][5]"]),
        ("$.a[?@.b]", [#"{"b":"j"}"#, #"{"b":"k"}"#, #"{"b":{}}"#, #"{"b":"kilo"}"#], ["$['a'][6]", "$['a'][7]", "$['a'][8]", "$['a'][9]"]),
        ("$[?@[?@.b]]", [#"[3,5,1,2,4,6,{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}]"#], ["$['a']"]),
        ("$.o[?@<3, ?@<3]", ["1", "2", "1", "2"], ["$['o']['p']", "$['o']['q']", "$['o']['p']", "$['o']['q']"]),
        (#"$.a[?@<2 || @.b == "k"]"#, ["1", #"{"b":"k"}"#], ["$['a'][2]", "$['a'][7]"]),
        (#"$.a[?match(@.b, "[jk]")]"#, [#"{"b":"j"}"#, #"{"b":"k"}"#], ["$['a'][6]", "$['a'][7]"]),
        (#"$.a[?search(@.b, "[jk]")]"#, [#"{"b":"j"}"#, #"{"b":"k"}"#, #"{"b":"kilo"}"#], ["$['a'][6]", "$['a'][7]", "$['a'][9]"]),
        ("$.o[?@>1 && @<4]", ["2", "3"], ["$['o']['q']", "$['o']['r']"]),
        ("$.o[?@.u || @.x]", [#"{"u":6}"#], ["$['o']['t']"]),
        ("$.a[?@.b == $.x]", ["3", "5", "1", "2", "4", "6"], (0...5).map { "$['a'][\($0)]" }),
    ])
    func filterSelector(path: String, values: [String], paths: [String]) throws {
        #expect(try JSONPathRun.values(path, Self.filterDocument) == values)
        #expect(try JSONPathRun.paths(path, Self.filterDocument) == paths)
    }

    @Test func filterSelectorOnEverything() throws {
        #expect(try JSONPathRun.paths("$[?@.*]", Self.filterDocument) == ["$['a']", "$['o']"])
        #expect(try JSONPathRun.paths("$.a[?@ == @]", Self.filterDocument) == (0...9).map { "$['a'][\($0)]" })
    }

    /// §2.4.3, Table 12 (the rows that use the RFC's own functions; `foo`, `bar`, `bnl`, `blt`
    /// and `bal` are hypothetical there and unknown functions here).
    @Test(arguments: [
        ("$[?length(@) < 3]", true), ("$[?length(@.*) < 3]", false), ("$[?count(@.*) == 1]", true),
        ("$[?count(1) == 1]", false), ("$[?count(foo(@.*)) == 1]", false), ("$[?match(@.timezone, 'Europe/.*')]", true),
        ("$[?match(@.timezone, 'Europe/.*') == true]", false), (#"$[?value(@..color) == "red"]"#, true),
        ("$[?value(@..color)]", false), ("$[?bar(@.a)]", false),
    ])
    func wellTypedness(path: String, wellTyped: Bool) {
        #expect((JSONPathRun.problem(path) == nil) == wellTyped)
    }

    /// §2.4.4–§2.4.8: the function examples.
    @Test func functionExamples() throws {
        let document = #"""
        [ {"authors": ["a", "b", "c", "d", "e"], "date": "1974-05-11", "author": "Bob", "x": {"color": "red"}},
          {"authors": ["a"], "date": "1975-05-11", "author": "Alice", "x": {"y": {"color": "blue"}}},
          {"p": {"author": 1}, "q": {"author": 2}, "r": {"author": 3}, "s": {"author": 4}, "t": {"author": 5}, "author": "Rob"} ]
        """#
        #expect(try JSONPathRun.paths("$[?length(@.authors) >= 5]", document) == ["$[0]"])
        #expect(try JSONPathRun.paths("$[?count(@.*.author) >= 5]", document) == ["$[2]"])
        #expect(try JSONPathRun.paths(#"$[?match(@.date, "1974-05-..")]"#, document) == ["$[0]"])
        #expect(try JSONPathRun.paths(#"$[?search(@.author, "[BR]ob")]"#, document) == ["$[0]", "$[2]"])
        #expect(try JSONPathRun.paths(#"$[?value(@..color) == "red"]"#, document) == ["$[0]"])
    }

    /// §2.5.1.3: child segments.
    @Test(arguments: [("$[0, 3]", ["a", "d"]), ("$[0:2, 5]", ["a", "b", "f"]), ("$[0, 0]", ["a", "a"])])
    func childSegment(path: String, letters: [String]) throws {
        #expect(try JSONPathRun.values(path, #"["a", "b", "c", "d", "e", "f", "g"]"#) == letters.map { "\"\($0)\"" })
    }

    /// §2.5.2.3: descendant segments.
    @Test func descendantSegment() throws {
        let document = #"{ "o": {"j": 1, "k": 2}, "a": [5, 3, [{"j": 4}, {"k": 6}]] }"#
        #expect(try JSONPathRun.values("$..j", document) == ["1", "4"])
        #expect(try JSONPathRun.paths("$..j", document) == ["$['o']['j']", "$['a'][2][0]['j']"])
        #expect(try JSONPathRun.values("$..[0]", document) == ["5", #"{"j":4}"#])
        #expect(try JSONPathRun.paths("$..[0]", document) == ["$['a'][0]", "$['a'][2][0]"])
        let everything = [#"{"j":1,"k":2}"#, #"[5,3,[{"j":4},{"k":6}]]"#, "1", "2", "5", "3", #"[{"j":4},{"k":6}]"#, #"{"j":4}"#, #"{"k":6}"#, "4", "6"]
        let everywhere = ["$['o']", "$['a']", "$['o']['j']", "$['o']['k']", "$['a'][0]", "$['a'][1]", "$['a'][2]",
                          "$['a'][2][0]", "$['a'][2][1]", "$['a'][2][0]['j']", "$['a'][2][1]['k']"]
        for path in ["$..[*]", "$..*"] {
            #expect(try JSONPathRun.values(path, document) == everything)
            #expect(try JSONPathRun.paths(path, document) == everywhere)
        }
        #expect(try JSONPathRun.values("$..o", document) == [#"{"j":1,"k":2}"#])
        #expect(try JSONPathRun.values("$.o..[*, *]", document) == ["1", "2", "1", "2"])
        #expect(try JSONPathRun.values("$.a..[0, 1]", document) == ["5", "3", #"{"j":4}"#, #"{"k":6}"#])
        #expect(try JSONPathRun.paths("$.a..[0, 1]", document) == ["$['a'][0]", "$['a'][1]", "$['a'][2][0]", "$['a'][2][1]"])
    }

    /// §2.6: null is a value, not Nothing.
    @Test(arguments: [
        ("$.a", ["null"], ["$['a']"]), ("$.a[0]", [], []), ("$.a.d", [], []), ("$.b[0]", ["null"], ["$['b'][0]"]),
        ("$.b[*]", ["null"], ["$['b'][0]"]), ("$.b[?@]", ["null"], ["$['b'][0]"]), ("$.b[?@==null]", ["null"], ["$['b'][0]"]),
        ("$.c[?@.d==null]", [], []), ("$.null", ["1"], ["$['null']"]),
    ])
    func nullSemantics(path: String, values: [String], paths: [String]) throws {
        let document = #"{"a": null, "b": [null], "c": [{}], "null": 1}"#
        #expect(try JSONPathRun.values(path, document) == values)
        #expect(try JSONPathRun.paths(path, document) == paths)
    }

    /// §2.7, Table 18: normalized paths.
    @Test(arguments: [
        ("$.a", #"{"a": 1}"#, "$['a']"), ("$[1]", "[0, 1]", "$[1]"), ("$[-3]", "[0, 1, 2, 3, 4]", "$[2]"),
        ("$.a.b[1:2]", #"{"a": {"b": [0, 1]}}"#, "$['a']['b'][1]"),
        (#"$["\u000B"]"#, #"{"\u000b": 1}"#, #"$['\u000b']"#), (#"$["\u0061"]"#, #"{"a": 1}"#, "$['a']"),
    ])
    func normalizedPaths(path: String, document: String, normalized: String) throws {
        #expect(try JSONPathRun.paths(path, document) == [normalized])
    }

    /// §2.7: the escapes of normalized paths.
    @Test func normalizedPathEscapes() {
        let path = NormalizedPath([.name("\u{08}\u{0C}\n\r\t'\\\u{0B}\u{1F}é😀\"/"), .index(3)])
        #expect(path.description == #"$['\b\f\n\r\t\'\\\u000b\u001fé😀"/'][3]"#)
    }
}
