import RequestModel
import Testing

@Suite struct JSONWriterTests {
    /// What reads back is what was written: every escape, every number form, repeated keys.
    @Test func randomValuesReadBackEqual() throws {
        var random = RandomJSON(seed: 8259)
        for _ in 0..<2_000 {
            let value = random.value()
            #expect(try JSONNode.parsing(value.compactText) == value, "\(value.compactText)")
            #expect(try JSONNode.parsing(value.prettyText(indent: "    ")) == value, "\(value.prettyText())")
        }
    }

    @Test func keepsTheCompactAndPrettyForms() throws {
        let node = try JSONNode.parsing(#"{"a": [1, 2.50], "b": {"c": [], "d": {}}, "e": [{"f": null}], "g": "\u2028\u0001\u007f"}"#)
        #expect(node.compactText == #"{"a":[1,2.50],"b":{"c":[],"d":{}},"e":[{"f":null}],"g":"\u2028\u0001\u007F"}"#)
        #expect(node.prettyText(indent: "  ") == [
            "{",
            #"    "a": [1, 2.50],"#,
            #"    "b": {"#,
            #"      "c": [],"#,
            #"      "d": {}"#,
            "    },",
            #"    "e": ["#,
            #"      {"f": null}"#,
            "    ],",
            #"    "g": "\u2028\u0001\u007F""#,
            "  }",
        ].joined(separator: "\n"))
        #expect(node.spacedLine == #"{"a": [1, 2.50], "b": {"c": [], "d": {}}, "e": [{"f": null}], "g": "\u2028\u0001\u007F"}"#)
    }

    /// A container of scalars stays on one line up to 72 characters (not bytes), then breaks.
    @Test func breaksLongListsOfScalars() throws {
        let short = JSONNode.array(Array(repeating: .string(String(repeating: "é", count: 15)), count: 3))
        #expect(short.prettyText() == short.spacedLine)
        let long = JSONNode.array(Array(repeating: .string(String(repeating: "é", count: 15)), count: 5))
        #expect(long.prettyText() == "[\n" + Array(repeating: "  \"" + String(repeating: "é", count: 15) + "\"", count: 5).joined(separator: ",\n") + "\n]")
    }
}

@Suite struct JSONNodeLiteralTests {
    @Test func literalsBuildValuesWithMembersInOrder() {
        let node: JSONNode = ["z": 1, "a": [true, "x", .null], "z": .integer(-7)]
        #expect(node == .object([.init("z", .number("1")), .init("a", .array([.bool(true), .string("x"), .null])), .init("z", .number("-7"))]))
        #expect(node.compactText == #"{"z":1,"a":[true,"x",null],"z":-7}"#)
    }
}
