import LocatedYAML
import Testing

/// The one YAML reader: every problem names the file, the line, the column and the key path.
@Suite struct LocatedNodeTests {
    private func root(_ text: String, valueLimit: Int = 1_000) throws -> LocatedNode {
        try LocatedNode.document(text, file: "f.yaml", valueLimit: valueLimit)
    }

    private func problem(_ read: () throws(FileProblem) -> Void) -> FileProblem? {
        do {
            try read()
            return nil
        } catch {
            return error
        }
    }

    /// A tree as compact text: quoted scalars in quotes, plain ones bare.
    private func flat(_ node: LocatedNode, maxDepth: Int = 64) throws(FileProblem) -> String {
        try node.tree(maxDepth: maxDepth) { (tree: LocatedNode.Tree<String>) in
            switch tree {
            case .mapping(let members): "{" + members.map { "\($0.key):\($0.value)" }.joined(separator: ",") + "}"
            case .sequence(let items): "[" + items.joined(separator: ",") + "]"
            case .scalar(let text, let plain): plain ? text : "\"\(text)\""
            }
        }
    }

    @Test func aBadValueIsNamedWithItsLineAndColumn() throws {
        let top = try root("baseURL: http://h/\ntimeout:   soon\n")
        let found = problem { () throws(FileProblem) in _ = try top.mapping(allowed: ["baseURL", "timeout"])["timeout"]?.number("a number of seconds") }
        #expect(found == FileProblem(file: "f.yaml", line: 2, column: 12, key: "timeout", message: #"expected a number of seconds, found "soon""#))
        #expect(found?.description == #"f.yaml:2:12: timeout: expected a number of seconds, found "soon""#)
    }

    @Test func nestedKeysAndListItemsMakeTheKeyPath() throws {
        let top = try root("a:\n  b:\n    - x\n    - { name: ann, age: old }\n")
        let item = try top.entries().required("a").entries().required("b").sequence()[1]
        let age = try item.mapping(allowed: ["name", "age"]).required("age")
        #expect(age.path == "a.b[1].age")
        let found = problem { () throws(FileProblem) in _ = try age.int() }
        #expect(found?.description == #"f.yaml:4:25: a.b[1].age: expected a whole number, found "old""#)
        #expect(try item.mapping(allowed: ["name", "age"]).map(\.key) == ["name", "age"])
    }

    @Test func anUnknownKeyIsNamedWhereTheKeyIs() throws {
        let top = try root("name: x\n  # a comment\ncolour: blue\n")
        let found = problem { () throws(FileProblem) in _ = try top.mapping(allowed: ["name", "size"]) }
        #expect(found?.description == "f.yaml:3:1: colour: unknown key (known here: name, size)")
    }

    @Test func aMissingKeyIsNamedAtItsMapping() throws {
        let top = try root("outer:\n  inner: { a: 1 }\n")
        let inner = try top.entries().required("outer").entries().required("inner")
        let found = problem { () throws(FileProblem) in _ = try inner.mapping(allowed: ["a", "b"], required: ["a", "b"]) }
        #expect(found?.description == "f.yaml:2:10: outer.inner: b is missing")
    }

    @Test func aValueOfTheWrongKindSaysWhatItFound() throws {
        let top = try root("list: [1, 2]\nmap: { a: 1 }\nflag: maybe\n")
        let entries = try top.entries()
        #expect(problem { () throws(FileProblem) in _ = try entries.required("list").string() }?.message == "expected text, found a list")
        #expect(problem { () throws(FileProblem) in _ = try entries.required("map").sequence() }?.message == "expected a list, found a mapping")
        #expect(problem { () throws(FileProblem) in _ = try entries.required("flag").bool() }?.message == #"expected true or false, found "maybe""#)
        #expect(problem { () throws(FileProblem) in _ = try entries.required("list").sequence()[1].int(in: 5...9) }?.description
            == "f.yaml:1:11: list[1]: 2 is out of range 5…9")
    }

    @Test func pairsSplitAtTheFirstSeparatorAndNameTheItemThatHasNone() throws {
        let top = try root("headers: [\"Accept: a: b\", \"X:\"]\nform: [\"k=v=w\", \"=v\"]\n")
        let entries = try top.entries()
        let headers = try entries.required("headers").pairs(separator: ":", form: "Name: value")
        #expect(headers.map(\.name) == ["Accept", "X"])
        #expect(headers.map(\.value) == [" a: b", ""])
        let found = problem { () throws(FileProblem) in _ = try entries.required("form").pairs(separator: "=", form: "name=value") }
        #expect(found?.description == #"f.yaml:2:17: form[1]: expected "name=value", found "=v""#)
    }

    @Test func aliasesAreFollowedAndTheirTreeIsBuiltInFull() throws {
        let top = try root("a: &x [1, \"2\"]\nb: *x\n")
        #expect(try flat(top) == #"{a:[1,"2"],b:[1,"2"]}"#)
        #expect(try top.entries().required("b").sequence().count == 2)
    }

    /// Nine levels of ten aliases each stand for a billion values: refused at the node whose
    /// tree is built, long before it is expanded.
    @Test func anAliasBombIsRefusedNotExpanded() throws {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            yaml += "a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", "))]\n"
        }
        let top = try root("body:\n" + yaml.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"), valueLimit: 10_000)
        let body = try top.entries().required("body")
        let found = problem { () throws(FileProblem) in _ = try flat(body) }
        #expect(found?.key == "body")
        #expect(found?.message.contains("more than 10000 JSON values") == true)
    }

    @Test func theValueLimitIsForTheWholeDocument() throws {
        let top = try root("a: [1, 2, 3]\nb: [4, 5, 6]\n", valueLimit: 6)
        let entries = try top.entries()
        _ = try flat(entries.required("a"))
        #expect(problem { () throws(FileProblem) in _ = try flat(entries.required("b")) }?.key == "b")
    }

    @Test func aTreeDeeperThanAllowedIsRefused() throws {
        let top = try root("deep: " + String(repeating: "[", count: 20) + String(repeating: "]", count: 20) + "\n")
        let deep = try top.entries().required("deep")
        #expect(problem { () throws(FileProblem) in _ = try flat(deep, maxDepth: 10) }?.message == "nested more than 10 levels deep")
        #expect(try flat(deep, maxDepth: 20).count == 40)
    }

    @Test func aKeyGivenTwiceIsRefusedWhereItIsFirstGiven() {
        let found = problem { () throws(FileProblem) in _ = try LocatedNode.document("a: 1\nb:\n  c: 2\n  c: 3\n", file: "f.yaml", valueLimit: 10) }
        #expect(found?.line == 3)
        #expect(found?.column == 3)
        #expect(found?.message.contains("'c' given more than once") == true)
    }

    @Test func badYAMLIsNamedWithItsLineAndColumn() {
        let found = problem { () throws(FileProblem) in _ = try LocatedNode.document("a: 1\nb: x: y\n", file: "f.yaml", valueLimit: 10) }
        #expect(found?.line == 2)
        #expect(found?.column == 5)
        #expect(found?.key == nil)
        #expect(found?.message.hasPrefix("not valid YAML: ") == true)
    }

    @Test func aTruncatedFileIsNamedAtTheEndOfItsLastLine() {
        let found = problem { () throws(FileProblem) in _ = try LocatedNode.document("a: 1\nb: [1, 2\n", file: "f.yaml", valueLimit: 10) }
        #expect(found?.line == 2)
        #expect(found?.column == 9)
        #expect(found?.message.hasSuffix("(the file ends before it is complete)") == true)
    }

    @Test func anAliasOfNothingIsBadYAML() {
        let found = problem { () throws(FileProblem) in _ = try LocatedNode.document("a: 1\nb: *nowhere\n", file: "f.yaml", valueLimit: 10) }
        #expect(found?.line == 2)
        #expect(found?.message.contains("undefined alias") == true)
    }

    @Test func anEmptyFileIsNamedWithoutALine() {
        for text in ["", "# only a comment\n"] {
            #expect(problem { () throws(FileProblem) in _ = try LocatedNode.document(text, file: "f.yaml", valueLimit: 10) }
                == FileProblem(file: "f.yaml", line: nil, key: nil, message: "the file is empty"))
        }
    }

    /// Tags construct nothing (no custom types from a file): only quotes and block styles make text.
    @Test func quotesNotTagsMakeAScalarText() throws {
        let top = try root("a: !!str 12\nb: '12'\nc: 12\nd: |\n  text\n")
        #expect(try flat(top) == "{a:12,b:\"12\",c:12,d:\"text\n\"}")
        #expect(try top.entries().required("a").int() == 12)
    }

    @Test func aProblemWithoutAPlaceNamesTheFileAlone() {
        #expect(FileProblem(file: "f.yaml", line: nil, key: nil, message: "no such file").description == "f.yaml: no such file")
        #expect(FileProblem(file: "f.yaml", line: 3, key: "k", message: "m").description == "f.yaml:3: k: m")
    }
}
