import Foundation
import HTTPParsing
import URITemplates
import Testing

@Suite(.timeLimit(.minutes(1))) struct URITemplateUnitTests {
    // MARK: Errors and their positions

    @Test(arguments: [
        ("{var", 0, "unclosed expression"),
        ("/users/{id}/{name", 12, "unclosed expression"),
        ("é{x", 1, "unclosed expression"),  // positions count Unicode scalars, not bytes
        ("a}b", 1, "'}' without a matching '{'"),
        ("{}", 0, "empty expression"),
        ("{+}", 2, "expected a variable name"),
        ("{a,}", 3, "expected a variable name"),
        ("{!x}", 1, "reserved"),
        ("{=x}", 1, "reserved"),
        ("{~x}", 1, "expected a variable name but found '~'"),
        ("{??x}", 2, "expected a variable name but found '?'"),
        ("{var:0}", 5, "prefix length must be between 1 and 9999"),
        ("{var:01}", 5, "prefix length must be between 1 and 9999"),
        ("{var:10000}", 5, "prefix length must be between 1 and 9999"),
        ("{var:}", 5, "expected a prefix length"),
        ("{var:x}", 5, "expected a prefix length"),
        ("{var:2*}", 6, "expected ',' or '}'"),
        ("{a b}", 2, "expected ',' or '}' but found U+0020"),
        ("{a-b}", 2, "expected ',' or '}' but found '-'"),
        ("{a.}", 3, "after '.'"),
        ("{a..b}", 3, "after '.'"),
        ("{a%2}", 2, "invalid percent-encoding"),
        ("{a%zz}", 2, "invalid percent-encoding"),
        ("{\u{301}a}", 1, "U+0301"),  // a combining mark does not hide the brace
    ])
    func syntaxErrorsNameThePosition(_ template: String, _ position: Int, _ message: String) {
        #expect(throws: URITemplateError.self) { try URITemplate(template) }
        do throws(URITemplateError) {
            _ = try URITemplate(template)
        } catch {
            #expect(error.position == position, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func descriptionSaysWhatAndWhere() {
        #expect(URITemplateError(position: 12, message: "unclosed expression").description
            == "unclosed expression at position 12")
    }

    @Test func prefixOnACompositeValueFailsAtTheVariable() throws {
        let template = try URITemplate("/x{?a,list:2}{keys:1}")
        let values: [String: URITemplate.Value] = ["a": "1", "list": ["p", "q"], "keys": ["k": "v"]]
        #expect(throws: URITemplateError(
            position: 6, message: "prefix modifier ':2' cannot be applied to list variable 'list'"
        )) { try template.expand(values) }
        #expect(throws: URITemplateError(
            position: 14, message: "prefix modifier ':1' cannot be applied to object variable 'keys'"
        )) { try template.expand(["keys": ["k": "v"]]) }
        // Undefined composites are skipped before the prefix matters.
        #expect(try template.expand(["list": [], "keys": .object([])]) == "/x")
    }

    // MARK: Expansion details

    @Test func encodingFollowsTheOperator() throws {
        let values: [String: URITemplate.Value] = ["r": ":/?#[]@!$&'()*+,;=", "pct": "%2f%zz", "u": "-._~ \u{E9}"]
        #expect(try URITemplate("{r}").expand(values) == "%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D")
        #expect(try URITemplate("{+r}").expand(values) == ":/?#[]@!$&'()*+,;=")
        #expect(try URITemplate("{pct}").expand(values) == "%252f%25zz")
        #expect(try URITemplate("{#pct}").expand(values) == "#%2f%25zz")  // valid triplets are kept as written
        #expect(try URITemplate("{u}").expand(values) == "-._~%20%C3%A9")
    }

    @Test func literalsKeepTripletsAndEncodeTheRest() throws {
        let template = try URITemplate("/a b/\u{FC}/%2F/%zz/<\"|\\^`>'")
        #expect(try template.expand([:]) == "/a%20b/%C3%BC/%2F/%25zz/%3C%22%7C%5C%5E%60%3E'")
    }

    @Test func prefixCountsUnicodeScalarsNotBytes() throws {
        let values: [String: URITemplate.Value] = ["v": "\u{E4}\u{F6}\u{FC}\u{20AC}x", "e": "\u{1F44D}\u{1F3FD}!"]
        #expect(try URITemplate("{v:3}").expand(values) == "%C3%A4%C3%B6%C3%BC")
        #expect(try URITemplate("{+v:4}").expand(values) == "%C3%A4%C3%B6%C3%BC%E2%82%AC")
        #expect(try URITemplate("{e:1}").expand(values) == "%F0%9F%91%8D")  // a code point, never a partial byte
        #expect(try URITemplate("{v:9999}").expand(values) == "%C3%A4%C3%B6%C3%BC%E2%82%ACx")
    }

    @Test func objectsKeepTheirOrder() throws {
        let values: [String: URITemplate.Value] = ["o": ["z": "1", "a": "", "m": "3"]]
        #expect(try URITemplate("{?o*}").expand(values) == "?z=1&a=&m=3")
        #expect(try URITemplate("{;o*}").expand(values) == ";z=1;a;m=3")
        #expect(try URITemplate("{o}").expand(values) == "z,1,a,,m,3")
    }

    @Test func variableNamesInOrderOfFirstUse() throws {
        #expect(try URITemplate("/{a}{+b,a}{?c*}{&d:3}x").variableNames == ["a", "b", "c", "d"])
        #expect(try URITemplate("no expressions").variableNames.isEmpty)
    }

    @Test func templatesCompareByText() throws {
        #expect(try URITemplate("{a}") == URITemplate("{a}"))
        #expect(try Set([URITemplate("{a}"), URITemplate("{a}"), URITemplate("{b}")]).count == 2)
        #expect(URITemplate.Value.object([("a", "1")]) != .object([("a", "2")]))
        #expect(Set<URITemplate.Value>([["a": "1"], .object([("a", "1")]), ["a"]]).count == 2)
    }

    // MARK: Path and query

    @Test(arguments: [
        ("/users/{id}{?fields,token}", "/users/42", "fields=a,b&token=t%20t", nil),
        ("/search?fixed=yes{&page}", "/search", "fixed=yes&page=2", nil),
        ("/items{/id}{&page}", "/items/42", "page=2", nil),  // `&` starting the query loses its `&`
        ("/items{?undef}", "/items", nil, nil),
        ("/items?", "/items", "", nil),
        ("{+base}{&page}", "/root", "q=1&page=2", nil),  // reserved output may carry the "?"
        ("https://h/p{?page}{#id}", "https://h/p", "page=2", "42"),
        ("/p#top{?page}", "/p", nil, "top?page=2"),
        ("/p{;id}{/id}", "/p;id=42/42", nil, nil),
    ] as [(String, String, String?, String?)])
    func expandPartsSplitsPathAndQuery(_ template: String, _ path: String, _ query: String?, _ fragment: String?) throws {
        let values: [String: URITemplate.Value] = [
            "id": "42", "fields": ["a", "b"], "token": "t t", "page": .init(2), "base": "/root?q=1",
        ]
        let parts = try URITemplate(template).expandParts(values)
        #expect(parts == URITemplate.Parts(path: path, query: query, fragment: fragment))
    }

    // MARK: Hostile input

    @Test func megabyteTemplatesStayLinear() throws {
        let big = String(repeating: "/a{b}{?c,d*}\u{E9}%", count: 70_000)  // about 1 MB
        let template = try URITemplate(big)
        let expanded = try template.expand(["b": "x", "c": "", "d": ["1", "2"]])
        #expect(expanded.hasPrefix("/ax?c=&d=1&d=2%C3%A9%25/ax"))
        #expect(try URITemplate("{" + String(repeating: "a,", count: 300_000) + "a}").variableNames == ["a"])
        #expect(try URITemplate("{" + String(repeating: "a.", count: 300_000) + "a}").variableNames.count == 1)
    }

    @Test(arguments: [
        (String(repeating: "{", count: 1_000_000), 1),
        (String(repeating: "}", count: 1_000_000), 0),
        ("{" + String(repeating: "+", count: 1_000_000) + "}", 2),
        ("{?" + String(repeating: "?", count: 1_000_000), 2),
        ("{a:" + String(repeating: "9", count: 1_000_000) + "}", 3),
        ("{a" + String(repeating: "*", count: 1_000_000) + "}", 3),
        ("{" + String(repeating: "\u{301}", count: 1_000_000) + "}", 1),
        (String(repeating: "x", count: 1_000_000) + "{", 1_000_000),
    ])
    func megabyteGarbageFailsFastWithAPosition(_ template: String, _ position: Int) {
        #expect(throws: URITemplateError.self) { try URITemplate(template) }
        do throws(URITemplateError) { _ = try URITemplate(template) } catch { #expect(error.position == position) }
    }

    /// A small deterministic fuzz: nothing traps, errors point inside the template and output is URI text.
    @Test func randomTemplatesNeverCrash() {
        let alphabet: [String] = ["{", "}", "+", "#", ".", "/", ";", "?", "&", ":", "*", ",", "%", "2", "F", "a",
                                  "b", "1", "0", "9", "\u{E9}", "\u{1F600}", " ", "=", "!", "\u{301}", "-", "_"]
        let values: [String: URITemplate.Value] = [
            "a": "x/y %2F\u{E9}", "b": ["1", "", "\u{1F600}"], "1": ["k": "v", "e": ""], "a.a": "", "_": .list([]),
        ]
        var random = SeededRandom(seed: 6570)
        for _ in 0..<20_000 {
            let length = Int(random.next() % 24)
            let template = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
            let limit = template.unicodeScalars.count
            do throws(URITemplateError) {
                let parsed = try URITemplate(template)
                let output = try parsed.expand(values)
                let parts = try parsed.expandParts(values)
                #expect(output.utf8.allSatisfy(Self.isURIByte), "\(template) → \(output)")
                #expect(parts.path.count <= output.count)
            } catch {
                #expect((0...limit).contains(error.position), "\(template): \(error)")
            }
        }
    }

    private static func isURIByte(_ byte: UInt8) -> Bool {
        byte < 0x80 && (byte.isLetterOrDigit || "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte))
    }

    // MARK: Values from loosely typed input

    @Test func valuesFromAny() throws {
        #expect(URITemplate.Value(any: "s") == .string("s"))
        #expect(URITemplate.Value(any: 3) == .string("3"))
        #expect(URITemplate.Value(any: 3.0) == .string("3"))
        #expect(URITemplate.Value(any: -2.5) == .string("-2.5"))
        #expect(URITemplate.Value(any: Float(0.1)) == .string("0.1"))
        #expect(URITemplate.Value(any: UInt64.max) == .string("18446744073709551615"))
        #expect(URITemplate.Value(any: true) == .string("true"))
        #expect(URITemplate.Value(any: nil) == nil)
        #expect(URITemplate.Value(any: NSNull()) == nil)
        #expect(URITemplate.Value(any: String?.none as Any) == nil)
        #expect(URITemplate.Value(any: Optional(Optional("x")) as Any) == .string("x"))
        #expect(URITemplate.Value(any: ["a", 1, NSNull(), false] as [Any]) == .list(["a", "1", "false"]))
        #expect(URITemplate.Value(any: [("z", 1), ("a", "2"), ("n", NSNull())] as [(String, Any)])
            == .object([("z", "1"), ("a", "2")]))
        #expect(URITemplate.Value(any: ["z": 1, "a": 2] as KeyValuePairs<String, Any>) == .object([("z", "1"), ("a", "2")]))
        #expect(URITemplate.Value(any: ["z": 1, "a": 2.5] as [String: Any]) == .object([("a", "2.5"), ("z", "1")]))
        #expect(URITemplate.Value(any: URITemplate.Value.list(["q"])) == .list(["q"]))
    }

    @Test func valuesFromJSONSerialization() throws {
        let json = try JSONSerialization.jsonObject(
            with: Data(#"{"t":true,"f":false,"i":6,"d":37.76,"w":1.0,"n":null,"l":[1,"x",true],"o":{"k":0}}"#.utf8))
        let values = try #require(json as? [String: Any]).compactMapValues(URITemplate.Value.init(any:))
        #expect(values == ["t": "true", "f": "false", "i": "6", "d": "37.76", "w": "1", "l": ["1", "x", "true"],
                           "o": ["k": "0"]])
    }

    @Test func numbersFormatLikeJSON() {
        #expect(URITemplate.Value(3.0) == "3")
        #expect(URITemplate.Value(-0.0) == "0")
        #expect(URITemplate.Value(42.24) == "42.24")
        #expect(URITemplate.Value(1e300) == "1e+300")
        #expect(URITemplate.Value(Int64.min) == "-9223372036854775808")
        #expect(URITemplate.Value(Double.infinity) == "inf")
    }
}


private extension UInt8 {
    var isLetterOrDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
