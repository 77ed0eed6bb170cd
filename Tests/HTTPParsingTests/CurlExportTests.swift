import Foundation
import Testing
@testable import CurlSyntax

@Suite struct CurlExportTests {
    @Test func simpleCommands() {
        #expect(CurlCommand(url: "https://x/a?b=1").render(includeSecrets: false) == "curl 'https://x/a?b=1'")
        #expect(CurlCommand(url: "https://x/a").render(includeSecrets: false) == "curl https://x/a")
        var command = CurlCommand(url: "https://x/items", method: "PUT",
                                  headers: [CurlHeader(name: "Content-Type", value: "application/json")],
                                  data: [.raw(#"{"name":"it's"}"#)])
        command.followRedirects = true
        command.maxTime = 2.5
        #expect(command.render(includeSecrets: false)
            == #"curl https://x/items -X PUT -H 'Content-Type: application/json' --data-raw '{"name":"it'\''s"}' -L -m 2.5"#)
        #expect(command.render(includeSecrets: false, multiline: true) == """
            curl https://x/items \\
              -X PUT \\
              -H 'Content-Type: application/json' \\
              --data-raw '{"name":"it'\\''s"}' \\
              -L \\
              -m 2.5
            """)
    }

    @Test func quoting() {
        #expect(CurlShellQuoting.quote("") == "''")
        #expect(CurlShellQuoting.quote("plain-word_1.0:/@%+=,") == "plain-word_1.0:/@%+=,")
        #expect(CurlShellQuoting.quote("a b") == "'a b'")
        #expect(CurlShellQuoting.quote("it's") == #"'it'\''s'"#)
        #expect(CurlShellQuoting.quote("$HOME `x` \\ \"q\" *") == #"'$HOME `x` \ "q" *'"#)
        #expect(CurlShellQuoting.quote("line1\n\tline2") == "'line1\n\tline2'")
        #expect(CurlShellQuoting.quote("héllo 日本") == "'héllo 日本'")
        #expect(CurlShellQuoting.quote("bell\u{07}'\r\n\\") == #"$'bell\x07\'\r\n\\'"#)
        #expect(CurlShellQuoting.quote("a\u{202E}b\u{85}c") == #"$'a\u202Eb\u0085c'"#)
        #expect(CurlShellQuoting.quote("\u{1B}1") == #"$'\x1B1'"#)
    }

    @Test func everyOptionRenders() {
        var command = CurlCommand(url: "http://h/", method: "POST", headers: [CurlHeader(name: "X-Empty", value: "")])
        command.removedHeaders = ["Accept"]
        command.user = "u:p"
        command.userAgent = "UA"
        command.referer = "http://r/"
        command.cookies = [.header("a=1"), .file("jar.txt")]
        command.data = [.ascii(.text("a")), .ascii(.file("f")), .binary(.file("b")), .binary(.text("t")),
                        .json(.text("{}")), .json(.file("j")), .urlencode(name: nil, .text("x y")),
                        .urlencode(name: "n", .file("p")), .urlencode(name: nil, .file("q"))]
        command.get = true
        command.head = true
        command.insecure = true
        command.compressed = true
        command.globoff = true
        command.silent = true
        command.showError = true
        command.verbose = true
        command.include = true
        command.output = "out file"
        #expect(command.render(includeSecrets: true) == "curl http://h/ -X POST -H 'X-Empty;' -H Accept: -u u:p -A UA "
            + "-e http://r/ -b a=1 -b jar.txt -d a -d @f --data-binary @b --data-binary t --json '{}' --json @j "
            + "--data-urlencode '=x y' --data-urlencode n@p --data-urlencode @q -G -I -k --compressed -g -s -S -v -i "
            + "-o 'out file'")
    }

    @Test func formPartsRender() {
        let parts = [
            CurlFormPart(name: "a", content: .text("v")),
            CurlFormPart(name: "f", content: .file("we;ird.txt"), contentType: "image/png", filename: "n \"q\".png"),
            CurlFormPart(name: "c", content: .fileContents("notes.txt")),
            CurlFormPart(name: "lit", content: .text("@etc/passwd")),
            CurlFormPart(name: "h", content: .text(" pad "), headers: ["X-A: 1"]),
            CurlFormPart(name: "x=y", content: .text("@z")),
        ]
        let command = CurlCommand(url: "http://h/", form: parts)
        #expect(command.render(includeSecrets: false) == #"curl http://h/ -F a=v "#
            + #"-F 'f=@"we;ird.txt";filename="n \"q\".png";type=image/png' -F 'c=<notes.txt' "#
            + #"-F 'lit="@etc/passwd"' -F 'h=" pad ";headers=X-A: 1' --form-string x=y=@z"#)
    }

    @Test func literalAtIsNeverAFileRead() throws {
        let command = CurlCommand(url: "http://h/", data: [.ascii(.text("@/etc/passwd")), .binary(.text("@x"))])
        let rendered = command.render(includeSecrets: false)
        #expect(rendered == "curl http://h/ --data-raw @/etc/passwd --data-raw @x")
        let json = CurlCommand(url: "http://h/", data: [.json(.text("@x"))])
        #expect(json.render(includeSecrets: false)
            == "curl http://h/ --data-raw @x -H 'Content-Type: application/json' -H 'Accept: application/json'")
        let encoded = CurlCommand(url: "http://h/", data: [.urlencode(name: "a@b", .text("c d"))])
        #expect(encoded.render(includeSecrets: false) == "curl http://h/ --data-raw a@b=c+d")
    }

    @Test func secretsAreRedacted() {
        var command = CurlCommand(url: "https://alice:pw@h/p?q=1", headers: [
            CurlHeader(name: "Authorization", value: "Bearer abc"),
            CurlHeader(name: "cookie", value: "s=1"),
            CurlHeader(name: "Proxy-Authorization", value: "Basic xyz"),
            CurlHeader(name: "X-API-Key", value: "k"),
            CurlHeader(name: "Accept", value: "*/*"),
        ])
        command.user = "sk_test_123:"
        command.cookies = [.header("session=abc; theme=dark"), .file("jar.txt")]
        let hidden = command.render(includeSecrets: false, extraSecretHeaders: ["x-api-key"])
        #expect(hidden == "curl 'https://REDACTED@h/p?q=1' -H 'Authorization: REDACTED' -H 'cookie: REDACTED' "
            + "-H 'Proxy-Authorization: REDACTED' -H 'X-API-Key: REDACTED' -H 'Accept: */*' -u REDACTED "
            + "-b 'session=REDACTED; theme=REDACTED' -b jar.txt")
        for secret in ["abc", "pw", "xyz", "sk_test", "dark", "Basic"] { #expect(!hidden.contains(secret)) }
        let shown = command.render(includeSecrets: true)
        #expect(shown.contains("'Authorization: Bearer abc'") && shown.contains("-u sk_test_123:"))
        #expect(shown.contains("https://alice:pw@h/") && shown.contains("'X-API-Key: k'"))
    }

    @Test func exporterImpliesMethodAndCleansHeaders() {
        func render(_ method: String, _ body: CurlExporter.Body, _ headers: [(name: String, value: String)] = []) -> String {
            CurlExporter(method: method, url: "https://h/r", headers: headers, body: body).render(includeSecrets: false)
        }
        #expect(render("GET", .none) == "curl https://h/r")
        #expect(render("DELETE", .none) == "curl https://h/r -X DELETE")
        #expect(render("HEAD", .none) == "curl https://h/r -I")
        #expect(render("POST", .text("a=1"), [("Content-Type", "text/plain"), ("Content-Length", "3")])
            == "curl https://h/r -H 'Content-Type: text/plain' --data-raw a=1")
        #expect(render("PUT", .text("x")) == "curl https://h/r -X PUT -H Content-Type: --data-raw x")
        #expect(render("POST", .file("/tmp/b.bin"), [("Content-Type", "application/octet-stream")])
            == "curl https://h/r -H 'Content-Type: application/octet-stream' --data-binary @/tmp/b.bin")
        #expect(render("POST", .urlencodedForm([("q", "a b"), ("k", "v&w")]), [("Content-Type", "application/x-www-form-urlencoded")])
            == "curl https://h/r -H 'Content-Type: application/x-www-form-urlencoded' --data-urlencode 'q=a b' --data-urlencode 'k=v&w'")
        #expect(render("POST", .multipart([CurlFormPart(name: "f", content: .file("a.txt"))]),
                       [("Content-Type", "multipart/form-data; boundary=xyz"), ("X", "1")])
            == "curl https://h/r -H 'X: 1' -F f=@a.txt")
        #expect(render("POST", .bytes(Data("text é".utf8)), [("Content-Type", "text/plain")])
            == "curl https://h/r -H 'Content-Type: text/plain' --data-raw 'text é'")
    }

    @Test func binaryBodiesArePipedThroughPrintf() throws {
        let bytes = Data([0x00, 0x41, 0xFF, 0x0A, 0x25, 0x5C, 0x27, 0x20, 0x7A])
        let exporter = CurlExporter(method: "POST", url: "https://h/u", headers: [("Content-Type", "application/octet-stream")],
                                    body: .bytes(bytes))
        let rendered = exporter.render(includeSecrets: false)
        #expect(rendered == #"printf '\000A\377\012\045\134\047 z' | curl https://h/u -H 'Content-Type: application/octet-stream' --data-binary @-"#)
        guard let bash = ShellRunner.bash else { return }
        let printf = String(rendered.prefix(while: { $0 != "|" }))
        #expect(try bash.run(printf) == Array(bytes))
    }

    /// Whatever we quote, a real shell reads back the same words.
    @Test func bashReadsRenderedArgumentsBack() throws {
        guard let bash = ShellRunner.bash else { return }
        let arguments = ["", "plain", "a b", "it's", "'''", "$HOME", "`id`", "\\", "\"", "tab\there", "nl\nhere",
                         "bell\u{07}", "esc\u{1B}[31m", "cr\r", "é日本🎉", "rtl\u{202E}x", "\u{85}", "#not comment",
                         "~", "*", "a=b", "-X", "!bang", "{a,b}", "x\\'y"]
        let line = arguments.map(CurlShellQuoting.quote).joined(separator: " ")
        #expect(try bash.words(line) == arguments)
        #expect(try CurlShellWords.split(line) == arguments)
    }
}
