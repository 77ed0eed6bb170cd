import Testing
@testable import CurlSyntax

@Suite struct CurlShellWordsTests {
    func split(_ line: String) throws -> [String] { try CurlShellWords.split(line) }

    @Test func plainWordsAndWhitespace() throws {
        #expect(try split("curl  -s\thttp://x\n-L") == ["curl", "-s", "http://x", "-L"])
        #expect(try split("   ") == [])
        #expect(try split("") == [])
    }

    @Test func singleQuotesAreLiteral() throws {
        #expect(try split(#"'a b' '$HOME' 'back\slash' 'dq"inside'"#) == ["a b", "$HOME", #"back\slash"#, #"dq"inside"#])
        #expect(try split("'a\\\nb'") == ["a\\\nb"])  // no continuation inside single quotes
    }

    @Test func mixedAndEscapedQuotes() throws {
        #expect(try split(#"'it'"'"'s'"#) == ["it's"])
        #expect(try split(#"'it'\''s'"#) == ["it's"])
        #expect(try split(#""a'b" x"y"z"#) == ["a'b", "xyz"])
        #expect(try split(#""say \"hi\" \\ \$HOME \` \x""#) == [#"say "hi" \ $HOME ` \x"#])
        #expect(try split(#"\"quoted\" \'single\' a\ b"#) == [#""quoted""#, "'single'", "a b"])
    }

    @Test func emptyArguments() throws {
        #expect(try split(#"curl '' "" x''y"#) == ["curl", "", "", "xy"])
        #expect(try split("$''") == [""])
    }

    @Test func ansiCQuoting() throws {
        #expect(try split(#"$'a\nb\tc\rd\\e\'f\"g'"#) == ["a\nb\tc\rd\\e'f\"g"])
        #expect(try split(#"$'\x41\x4a\u00e9\u20AC\U0001F600'"#) == ["AJé€😀"])
        #expect(try split(#"$'\xc3\xa9' $'\101\7'"#) == ["é", "A\u{07}"])
        #expect(try split(#"$'\q \x \u' $'\e[0m'"#) == [#"\q \x \u"#, "\u{1B}[0m"])
        #expect(try split(#"pre$'\t'post"#) == ["pre\tpost"])
    }

    @Test func continuationsAreRemoved() throws {
        #expect(try split("curl \\\n  -X POST \\\r\n  http://x") == ["curl", "-X", "POST", "http://x"])
        #expect(try split("ab\\\ncd \"ef\\\ngh\"") == ["abcd", "efgh"])
        #expect(try split("trailing\\") == ["trailing\\"])
    }

    @Test func commentsOnlyAtWordStart() throws {
        #expect(try split("curl x # it's a comment\n-L") == ["curl", "x", "-L"])
        #expect(try split("a#b '#c' #") == ["a#b", "#c"])
        #expect(try split("# only\ncurl") == ["curl"])
    }

    @Test func noExpansion() throws {
        #expect(try split(#"$HOME "$HOME" ${X} `id` ~ *.txt"#) == ["$HOME", "$HOME", "${X}", "`id`", "~", "*.txt"])
        #expect(try split("a|b c;d e&f") == ["a|b", "c;d", "e&f"])
        #expect(try split(#"$"x y""#) == ["x y"])
    }

    @Test func unicode() throws {
        #expect(try split("curl 'héllo wörld' 日本 🎉\u{301} \"é\"") == ["curl", "héllo wörld", "日本", "🎉\u{301}", "é"])
    }

    @Test func unterminatedQuotesNameTheirPosition() {
        #expect(throws: CurlParseError.unterminatedQuote(quote: "single", position: 6)) { try split("curl 'abc") }
        #expect(throws: CurlParseError.unterminatedQuote(quote: "double", position: 9)) { try split("curl -H \"X: y") }
        #expect(throws: CurlParseError.unterminatedQuote(quote: "$'", position: 3)) { try split(#"a $'b\'"#) }
        // Positions count Unicode scalars.
        #expect(throws: CurlParseError.unterminatedQuote(quote: "single", position: 4)) { try split("日本 'x") }
        #expect(CurlParseError.unterminatedQuote(quote: "single", position: 6).description
            == "unterminated single quote starting at character 6")
    }

    @Test func nulAndBadEscapesAreRefused() {
        #expect(throws: CurlParseError.nulCharacter(position: 3)) { try split("ab\0c") }
        #expect(throws: CurlParseError.nulCharacter(position: 3)) { try split(#"$'\0'"#) }
        #expect(throws: CurlParseError.nulCharacter(position: 5)) { try split(#"a $'\x00'"#) }
        #expect(throws: CurlParseError.self) { try split(#"$'\uD800'"#) }
        #expect(throws: CurlParseError.invalidEscape(position: 3, reason: "the \\x bytes are not UTF-8")) {
            try split(#"a $'\xff'"#)
        }
    }

    /// The splitter agrees with a real shell on lines without expansions.
    @Test func agreesWithBash() throws {
        guard let bash = ShellRunner.bash else { return }
        let lines = [
            #"'it'"'"'s' "a \"b\" \\ c" d\ e '' $'\t\x41\u00e9' x"y"'z'"#,
            "one \\\n two # comment",
            #""\$x \` \q" a#b 日本"#,
        ]
        for line in lines {
            #expect(try split(line) == bash.words(line), "\(line)")
        }
    }
}
