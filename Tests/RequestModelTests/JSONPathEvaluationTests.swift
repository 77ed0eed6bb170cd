import Testing
import RequestModel

/// Evaluation beyond the RFC's tables: repeated keys, exact numbers, scalar-exact strings, deep
/// documents, and the places API that session diffs use.
@Suite struct JSONPathEvaluationTests {
    /// RFC 8259 allows a name twice in one object; both members are selected, in order.
    @Test func repeatedKeysAreBothSelected() throws {
        let document = #"{"a": 1, "b": 0, "a": 2}"#
        #expect(try JSONPathRun.values("$.a", document) == ["1", "2"])
        #expect(try JSONPathRun.paths("$.a", document) == ["$['a']", "$['a']"])
        #expect(try JSONPathRun.values("$.*", document) == ["1", "0", "2"])
        #expect(try JSONPathRun.values("$..a", #"[{"a": {"a": 3}, "a": 4}]"#) == [#"{"a":3}"#, "4", "3"])
    }

    /// Numbers compare by exact value, whatever their digits: no Double rounding.
    @Test func numbersCompareExactly() throws {
        let document = #"[9007199254740993, 9007199254740992, 1.10, 1e2, 100, 123456789012345678901234567890.5, -0.0]"#
        #expect(try JSONPathRun.values("$[?@ == 9007199254740993]", document) == ["9007199254740993"])
        #expect(try JSONPathRun.values("$[?@ > 9007199254740992]", document) == ["9007199254740993", "123456789012345678901234567890.5"])
        #expect(try JSONPathRun.values("$[?@ == 1.1]", document) == ["1.10"])
        #expect(try JSONPathRun.values("$[?@ == 100]", document) == ["1e2", "100"])
        #expect(try JSONPathRun.values("$[?@ < 123456789012345678901234567890.6 && @ > 123456789012345678901234567890.4]", document)
            == ["123456789012345678901234567890.5"])
        #expect(try JSONPathRun.values("$[?@ == 0]", document) == ["-0.0"])
        #expect(try JSONPathRun.values("$[?@ < 0]", document).isEmpty)
    }

    /// Strings are equal when their scalars are (not when Swift finds them canonically
    /// equivalent), and order by scalar value.
    @Test func stringsCompareByScalars() throws {
        let document = "[\"\u{E9}\", \"e\u{301}\", \"Z\", \"a\"]"
        #expect(try JSONPathRun.values("$[?@ == '\u{E9}']", document) == ["\"\u{E9}\""])
        #expect(try JSONPathRun.values("$[?@ < 'a']", document) == ["\"Z\""])
        #expect(try JSONPathRun.values("$['e\u{301}']", "{\"\u{E9}\": 1, \"e\u{301}\": 2}") == ["2"])
    }

    /// Depth comes from the data, so the walk must not be recursion: ten thousand levels.
    @Test func aTenThousandDeepDocumentDoesNotExhaustTheStack() throws {
        var deep = JSONNode.number("0")
        for _ in 0..<10_000 { deep = .array([deep]) }
        let all = try JSONPath("$..*").select(in: deep)
        #expect(all.count == 10_000)
        #expect(all.last?.value == .number("0"))
        #expect(all.last?.path.elements.count == 10_000)
        #expect(try JSONPath("$..[?@ == 0]").values(in: deep) == [.number("0")])
        #expect(try JSONPath("$[?@ == @]").values(in: deep).count == 1)
        // Places are whole paths, so their cost grows with depth × nodes: a thousand levels here.
        var shallower = JSONNode.number("0")
        for _ in 0..<1_000 { shallower = .array([shallower]) }
        #expect(try JSONPath("$..*").places(in: shallower).count == 1_000)
    }

    @Test func placesAreEachSelectedPlaceOnce() throws {
        let document = JSONPathRun.document(#"{"a": {"a": {"a": 1}}}"#)
        #expect(try JSONPath("$..a..a").paths(in: document).map(\.description) == ["$['a']['a']", "$['a']['a']['a']", "$['a']['a']['a']"])
        #expect(try JSONPath("$..a..a").places(in: document) == [NormalizedPath([.name("a"), .name("a")]), NormalizedPath([.name("a"), .name("a"), .name("a")])])
    }

    @Test func normalizedPathsReadBackAsQueries() throws {
        let document = JSONPathRun.document(#"{"a b": [{"it's": {"\n": 1}}], "ok": [true]}"#)
        for match in try JSONPath("$..*").select(in: document) {
            #expect(try JSONPath(match.path.description).values(in: document) == [match.value])
            #expect(try JSONPath(match.path.readable).values(in: document) == [match.value])
        }
        #expect(try JSONPath("$..*").paths(in: document).map(\.readable).contains(#"$["a b"][0]["it's"]["\n"]"#))
        #expect(NormalizedPath([.name("items"), .index(2), .name("name")]).readable == "$.items[2].name")
        #expect(NormalizedPath([.name("a")]).isPrefix(of: NormalizedPath([.name("a"), .index(0)])))
        #expect(!NormalizedPath([.name("a"), .index(0)]).isPrefix(of: NormalizedPath([.name("a")])))
    }

    @Test func functionsOnOddValues() throws {
        let document = #"[{"s": "😀é"}, {"s": [1, 2]}, {"s": {"x": 1, "x": 2}}, {"s": 7}, {}]"#
        #expect(try JSONPathRun.values("$[?length(@.s) == 2].s", document) == [#""😀é""#, "[1,2]", #"{"x":1,"x":2}"#])
        #expect(try JSONPathRun.values("$[?count(@.*) == 0]", document) == ["{}"])
        #expect(try JSONPathRun.values("$[?value(@.s) == 7].s", document) == ["7"])
    }

    /// The viewer's filter box cancels an evaluation the user has typed past; it stops early.
    @Test func aCancelledTaskStopsEarly() async throws {
        let wide = JSONNode.array(Array(repeating: .array(Array(repeating: .number("1"), count: 100)), count: 1_000))
        let path = try JSONPath("$..*")
        #expect(path.values(in: wide).count == 101_000)
        let task = Task { () -> Int in
            while !Task.isCancelled { await Task.yield() }
            return path.values(in: wide).count
        }
        task.cancel()
        #expect(await task.value < 20_000)
    }
}
