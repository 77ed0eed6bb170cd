import Foundation
import RequestModel
import Testing

/// `JSONSelection` against the full parser and evaluator: the same nodes in the same order, the
/// same problem for a document that is not JSON.
@Suite struct JSONSelectionTests {
    /// Each path's nodes, from the bytes and from the parsed tree.
    private func bothWays(_ paths: [String], _ json: String) throws -> (skimmed: [[JSONNode]?], full: [[JSONNode]]) {
        let compiled = try paths.map { text in try JSONPath(text) }
        let full = compiled.map { $0.values(in: JSONPathRun.document(json)) }
        return (try JSONSelection.values(of: compiled, inUTF8: Data(json.utf8)), full)
    }

    private func problem(_ json: String, _ paths: [String] = ["$.a", "$[0]"]) throws -> (selection: JSONProblem?, parser: JSONProblem?) {
        let compiled = try paths.map { text in try JSONPath(text) }
        var selection: JSONProblem?
        var parser: JSONProblem?
        do { _ = try JSONSelection.values(of: compiled, inUTF8: Array(json.utf8)) } catch { selection = error }
        do { _ = try JSONNode.parsing(json) } catch { parser = error }
        return (selection, parser)
    }

    static let document = #"""
        {"token": "t-1", "user": {"name": "Ann", "roles": ["admin", "dev"]}, "items": [
          {"id": 1, "tags": ["a"], "stock": {"where": ["north"]}}, {"id": 2, "name": "two"},
          {"id": 3, "name": "three", "skip": {"deep": [[[{"x": "\" ] } \\"}]]]}}],
         "a b": true, "dup": 1, "dup": [2], "e\u0301\n": "escaped key", "n": null}
        """#

    @Test(arguments: [
        "$.token", "$.user.name", "$.items[0].id", "$.user.roles", "$.user.roles[*]", "$.items[-1]", "$['a b']",
        "$.items[-1].name", "$.items[-3].id", "$.items[-4]", "$.items[3]", "$.items[*].name", "$.items[1:].id",
        "$.items[::-1].id", "$.items[-2:]", "$.items[0:3:2].id", "$.items[1,0,1].id", "$.dup", "$['dup','dup']",
        "$['e\\u0301\\n']", "$.*", "$[*][0]", "$.n", "$", "$.missing", "$.items.id", "$.token[0]", "$.items[0].stock.where",
        "token", "user.name", "items.0.id", "items[-1].name", "user.roles.1", "a b", "items.*.id",
    ])
    func selectsWhatTheEvaluatorSelects(_ path: String) throws {
        let (skimmed, full) = try bothWays([path], Self.document)
        #expect(skimmed == [full[0]], "\(path)")
    }

    @Test func answersSeveralPathsInOnePass() throws {
        let paths = ["$.token", "$.items[-1].name", "$.items[0].id", "$.items[*].id", "$.user", "$.user.roles[-1]", "$.nothing"]
        let (skimmed, full) = try bothWays(paths, Self.document)
        #expect(skimmed == full.map { Optional($0) })
        #expect(skimmed[1] == [.string("three")])
        #expect(skimmed[3] == [.number("1"), .number("2"), .number("3")])
    }

    /// Items read for `[*].id` list only their ids; `[-1].name` reaches one of them afterwards (or
    /// before) and must find its name all the same.
    @Test func looksAgainIntoAnObjectReadForOtherPaths() throws {
        for paths in [["$.items[*].id", "$.items[-1].name", "$.items[-2]"], ["$.items[-1].name", "$.items[*].id", "$.items[::-2].name"]] {
            let (skimmed, full) = try bothWays(paths, Self.document)
            #expect(skimmed == full.map { Optional($0) }, "\(paths)")
        }
        let (skimmed, _) = try bothWays(["$.items[*].id", "$.items[-1].name"], Self.document)
        #expect(skimmed[1] == [.string("three")])
    }

    /// Arrays read for indices list only the elements those name (the last ones kept until the
    /// array ends); every mix of indices from either end, on every short length, in one pass.
    @Test func findsEveryIndexFromEitherEndWhateverTheLength() throws {
        for length in 0...6 {
            let json = "[" + (0..<length).map { #"{"i": \#($0), "a": [\#($0), "x"]}"# }.joined(separator: ", ") + "]"
            for first in -7...6 {
                for second in [-7, -3, -2, -1, 0, 2, 5] {
                    let paths = ["$[\(first)]", "$[\(second)].i", "$[\(first),\(second)].a[-1]", "$[\(second)]", "$[-1].a[0]"]
                    let (skimmed, full) = try bothWays(paths, json)
                    #expect(skimmed == full.map { Optional($0) }, "\(paths) on \(json)")
                }
            }
        }
    }

    @Test func readsBytesThatAreNotContiguous() throws {
        let bytes = Self.document.utf8.lazy.map { $0 }
        #expect(try JSONSelection.values(of: [JSONPath("$.user.roles[-1]")], inUTF8: bytes) == [[.string("dev")]])
        #expect(throws: JSONProblem.self) { try JSONSelection.values(of: [JSONPath("$")], inUTF8: "[1,]".utf8.lazy.map { $0 }) }
    }

    /// The jsonpath benchmark's kind of document (explorer-bench), smaller: many items, the paths
    /// issue 17's request files use on it.
    @Test func agreesOnABenchmarkLikeDocument() throws {
        var json = #"{"meta": {"id": "doc", "count": 2000, "tags": ["bench", "jsonpath"]}, "items": ["#
        for index in 0..<2000 {
            if index > 0 { json += ", " }
            json += #"{"id": \#(index), "name": "item \#(index)", "price": \#(Double(index * 37 % 2000) / 100), "tags": ["a", "b"], "#
            json += #""stock": {"id": "s-\#(index)", "count": \#(index % 17), "where": ["north", "south"]}, "active": \#(index % 3 != 0), "note": null}"#
        }
        json += "]}"
        let paths = ["$.meta.count", "$.items[0].id", "$.items[-1].name", "$.items[1500].tags", "$.meta", "$.items[*].id",
                     "$.missing", "$.items[100].stock.where", "items.1999.stock.id", "$.items[-2000].price", "$.items[1990:].note"]
        let (skimmed, full) = try bothWays(paths, json)
        #expect(skimmed == full.map { Optional($0) })
        #expect(skimmed.map { $0?.count ?? -1 } == [1, 1, 1, 1, 1, 2000, 0, 1, 1, 1, 10])
    }

    @Test func leavesDescendantsAndFiltersToTheTree() throws {
        let paths = ["$..id", "$.items[?@.id > 1].id", "$.token"]
        let (skimmed, full) = try bothWays(paths, Self.document)
        #expect(skimmed[0] == nil)
        #expect(skimmed[1] == nil)
        #expect(skimmed[2] == full[2])
        #expect(try !JSONSelection.serves(JSONPath("$..id")))
        #expect(try JSONSelection.serves(JSONPath("items[-1].id")))
        let all = try JSONSelection.allValues(of: paths.map { text in try JSONPath(text) }, inUTF8: Data(Self.document.utf8))
        #expect(all == full)
        #expect(all[0].count == 3)
    }

    @Test func keepsRepeatedKeysAndNumbersAsWritten() throws {
        let json = #"{"a": 1.50, "a": {"b": 2}, "b": [1e2, -0.0], "a": 3}"#
        let (skimmed, full) = try bothWays(["$.a", "$.a.b", "$.b[*]", "$['a','b','a']"], json)
        #expect(skimmed == full.map { Optional($0) })
        #expect(skimmed[0] == [.number("1.50"), .object([.init("b", .number("2"))]), .number("3")])
    }

    @Test func readsAByteOrderMarkAndScalarRoots() throws {
        #expect(try JSONSelection.values(of: [JSONPath("$"), JSONPath("$.a")], inUTF8: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
            == [[.array([.number("1")])], []])
        #expect(try JSONSelection.values(of: [JSONPath("$"), JSONPath("$[0]")], inUTF8: Array(" \"x\" ".utf8)) == [[.string("x")], []])
        #expect(try JSONSelection.values(of: [JSONPath("$")], inUTF8: Array("-12.5e3".utf8)) == [[.number("-12.5e3")]])
    }

    @Test(arguments: [
        "", "  ", "{", #"{"a": 1"#, #"{"a": [1, 2"#, #"{"a": "x"#, "[1,]", #"{"a":1,}"#, "{} x", "[1] [2]", "[01]", "[-]",
        "[1.]", "[1e]", "[+1]", "[NaN]", "[True]", "[nul]", "['a']", "{a: 1}", #"{"a" 1}"#, "[1 2]", #"{"a":1]"#,
        "[\"a\tb\"]", #"["\x"]"#, #"["\u12G4"]"#, #"["\ud83d"]"#, #"["\ude00"]"#, #"["\ud83d\u0041"]"#, #"{"a\q": 1}"#,
        #"{"skip": {"deep": [1, 2,, 3]}, "a": 1}"#, #"{"skip": [{"x": "y" "z"}], "a": 1}"#, #"{"skip": "\"}, "a": 1}"#,
        "{\"a\": 1}\n\n  ]", #"{"a": 1, "b": {"c": [true, fals]}}"#, "[1, 2]]", "[1, 2}", #"{"a": 1}}"#,
    ])
    func refusesWhatTheParserRefusesWithItsProblem(_ json: String) throws {
        let (selection, parser) = try problem(json)
        #expect(parser != nil)
        #expect(selection == parser, "\(json)")
    }

    @Test func refusesInvalidUTF8AndDeepNestingAsTheParserDoes() throws {
        let root = try JSONPath("$")
        for bytes: [UInt8] in [[0x22, 0xC3, 0x28, 0x22], [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], [0x22, 0xFF, 0x22], [0xEF, 0xBB]] {
            var selection: JSONProblem?
            var parser: JSONProblem?
            do { _ = try JSONSelection.values(of: [root], inUTF8: bytes) } catch { selection = error }
            do { _ = try JSONNode.parsing(bytes) } catch { parser = error }
            #expect(parser != nil && selection == parser, "\(bytes)")
        }
        let deepest = String(repeating: "[", count: JSONNode.maxDepth) + String(repeating: "]", count: JSONNode.maxDepth)
        #expect(try JSONSelection.values(of: [JSONPath("$[0][0]")], inUTF8: Array(deepest.utf8)).first??.count == 1)
        let (selection, parser) = try problem("[" + deepest + "]")
        #expect(parser != nil && selection == parser)
    }
}
