import HTTPParsing
import Testing
import TUICore

@Suite struct HeaderRulesTests {
    @Test func validNamesAndValues() {
        for name in ["Accept", "X-Request-Id", "content-type", "a!#$%&'*+-.^_`|~9"] {
            #expect(HeaderRules.nameProblem(name) == nil, "\(name)")
        }
        for value in ["", "application/json", "a\tb", "Bearer abc==", "naïve 日本"] {
            #expect(HeaderRules.valueProblem(value) == nil, "\(value)")
        }
    }

    @Test func nameProblemsNameTheCharacterAndPosition() {
        #expect(HeaderRules.nameProblem("") == "empty name")
        #expect(HeaderRules.nameProblem("X Foo") == "space at 2")
        #expect(HeaderRules.nameProblem("Host:") == "':' at 5")
        #expect(HeaderRules.nameProblem("Abcd\r\n") == "CR at 5")
        #expect(HeaderRules.nameProblem("X\nY") == "LF at 2")
        #expect(HeaderRules.nameProblem("Café") == "U+00E9 'é' at 4")
        #expect(HeaderRules.nameProblem("a\u{202E}b") == "U+202E at 2")
        #expect(HeaderRules.nameProblem("a(b)") == "'(' at 2")
        #expect(HeaderRules.nameProblem("a\u{7F}") == "DEL at 2")
    }

    @Test func valueProblemsRefuseControlsButTab() {
        #expect(HeaderRules.valueProblem("abc\r\nX-Evil: 1") == "CR at 4")
        #expect(HeaderRules.valueProblem("abc\nX") == "LF at 4")
        #expect(HeaderRules.valueProblem("\u{0}") == "NUL at 1")
        #expect(HeaderRules.valueProblem("a\u{1B}[31m") == "ESC at 2")
        #expect(HeaderRules.valueProblem("x\u{7F}") == "DEL at 2")
    }

    @Test func messagesAreThemselvesFreeOfControls() {
        for code in 0..<0x20 {
            let problem = HeaderRules.valueProblem("v" + String(Unicode.Scalar(UInt8(code)))) ?? ""
            if code == 9 { #expect(problem.isEmpty); continue }
            #expect(!problem.unicodeScalars.contains { TerminalText.needsReplacing($0) }, "\(code)")
            #expect(problem.hasSuffix(" at 2"))
        }
    }

    /// The TUI flags exactly what the client refuses to send: one rule (FieldSyntax), two views.
    @Test func theTUIAndTheClientRefuseTheSameCharacters() {
        let scalars = (0...0x7F).compactMap(Unicode.Scalar.init) + ["é", "日", "\u{202E}", "\u{85}", "\u{FEFF}"]
        for scalar in scalars {
            let text = "a\(Character(scalar))b"
            #expect((HeaderRules.nameProblem(text) == nil) == FieldSyntax.isToken(text), "name \(text.debugDescription)")
            #expect((HeaderRules.valueProblem(text) == nil) == FieldSyntax.isFieldValue(text), "value \(text.debugDescription)")
        }
    }
}
