import Testing
@testable import CurlSyntax
@testable import HTTPParsing

@Suite struct CurlRoundTripTests {
    static let commandLines = [
        "curl https://x/",
        #"curl -X POST -H 'Content-Type: application/json' -d '{"a":"it'\''s"}' https://api.example.com/items"#,
        "curl -sSL -k --compressed -m 0.25 -o out.json -A 'Agent 1' -e https://ref/ -u 'a:b c' https://x/",
        "curl -G --data-urlencode 'q=a b' --data-urlencode '=x' --data-urlencode n@f.txt --data-urlencode @g -I x",
        "curl -d @body.txt --data-raw '@lit' --data-binary @- --json '{}' --json @doc.json http://h/",
        #"curl -F 'a=1' -F 'f=@"x;y.png";type=image/png;filename=p.png' -F 'c=<c.txt' -F 'q="\"quoted\" ;"' http://h/"#,
        #"curl -F 't=v;type=text/plain; charset=utf-8' -F 'h=v;headers="X: 1"' -F '=anon' -F ' sp=" pad "' http://h/"#,
        "curl -H 'X-Empty;' -H 'Accept:' -H 'X: a  b' -b 'k=v; k2=v2' -b jar.txt -g -v -i http://h/",
        "curl $'https://h/\\u00e9?x=\\t' -H $'X: caf\\u00e9' --data-raw $'line1\\nline2\\u0007'",
        "curl -X 'M-SEARCH' http://h/ -m 100000",
    ]

    @Test(arguments: commandLines)
    func parseRenderParse(_ line: String) throws {
        let command = try CurlCommand.parse(line)
        let rendered = command.render(includeSecrets: true)
        #expect(try CurlCommand.parse(rendered) == command, "\(rendered)")
        let multiline = command.render(includeSecrets: true, multiline: true)
        #expect(try CurlCommand.parse(multiline) == command, "\(multiline)")
    }

    @Test func builtCommandsRoundTrip() throws {
        var command = CurlCommand(url: "https://h/p?a=1&b=2#frag", method: "PATCH",
                                  headers: [CurlHeader(name: "X-Quote", value: #"it's "q" $x \ `y`"#)],
                                  data: [.raw("a&b"), .ascii(.text("c=d")), .binary(.text("\u{1B}[0m é"))])
        command.maxTime = 1.0 / 3.0
        command.followRedirects = true
        #expect(try CurlCommand.parse(command.render(includeSecrets: true)) == command)
        let form = CurlCommand(url: "http://h/", form: [
            CurlFormPart(name: "n", content: .text("\\back\\slash\\")),
            CurlFormPart(name: "e", content: .text("")),
            CurlFormPart(name: "c", content: .text("a,b")),
            CurlFormPart(name: "paren", content: .text("(x)")),
            CurlFormPart(name: "lt", content: .text("<y")),
            CurlFormPart(name: "nl", content: .text("two\nlines\n")),
        ])
        #expect(try CurlCommand.parse(form.render(includeSecrets: true)) == form)
    }

    @Test func exporterOutputParses() throws {
        let exporter = CurlExporter(method: "PUT", url: "https://h/x",
                                    headers: [("Authorization", "Bearer t"), ("Content-Type", "text/plain")],
                                    body: .text("hello 'world'"))
        let command = try CurlCommand.parse(exporter.render(includeSecrets: true))
        #expect(command == exporter.command)
        #expect(command.effectiveMethod == "PUT")
        let redacted = try CurlCommand.parse(exporter.render(includeSecrets: false))
        #expect(redacted.headers.first == CurlHeader(name: "Authorization", value: "REDACTED"))
    }

    /// Random lines from a fixed seed: the splitter and parser may refuse them, never crash or hang;
    /// whatever parses renders to something that parses back the same.
    @Test func fuzzishInputsNeverCrash() {
        var random = SeededRandom(seed: 0xC0FFEE)
        let alphabet = Array(#"curl -XHdFGLkAbeImusSvio=@<;:,"'\$ #`\#n\#t\#r{}[]()xyé日🎉"#.unicodeScalars)
            + ["\u{0}", "\u{7}", "\u{202E}"]
        let words = ["curl ", "-H ", "-d ", "-F ", "--json ", "--data-urlencode ", "--max-time=", "$'", "\\\n", "http://h/ ",
                     "-sSL", "'", "\"", "\\x", "\\u", "type=", ";filename=", "--url ", "-m ", "--no-"]
        var parsed = 0
        for _ in 0..<4000 {
            var line = random.next() % 4 == 0 ? "" : "curl "
            for _ in 0..<Int(random.next() % 24) {
                if random.next() % 3 == 0 {
                    line += words[Int(random.next() % UInt64(words.count))]
                } else {
                    line.unicodeScalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
                }
            }
            _ = try? CurlShellWords.split(line)
            guard let command = try? CurlCommand.parse(line) else { continue }
            parsed += 1
            _ = command.requestHeaders
            _ = command.render(includeSecrets: false)
            let rendered = command.render(includeSecrets: true)
            #expect((try? CurlCommand.parse(rendered)) == command, "\(line) → \(rendered)")
        }
        #expect(parsed > 100)
    }
}

