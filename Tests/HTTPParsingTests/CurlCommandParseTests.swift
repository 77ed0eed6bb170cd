import Testing
@testable import CurlSyntax

@Suite struct CurlCommandParseTests {
    func parse(_ line: String) throws -> CurlCommand { try CurlCommand.parse(line) }

    @Test func minimalCommand() throws {
        let command = try parse("curl https://api.example.com/v1/items")
        #expect(command == CurlCommand(url: "https://api.example.com/v1/items"))
        #expect(try parse("/usr/bin/curl https://x/").url == "https://x/")
    }

    @Test func urlWithoutSchemeGetsHTTP() throws {
        #expect(try parse("curl example.com/a").url == "http://example.com/a")
        #expect(try parse("curl localhost:8080").url == "http://localhost:8080")
        #expect(try parse("curl 'example.com/?next=https://x'").url == "http://example.com/?next=https://x")
        #expect(try parse("curl HTTPS://x").url == "HTTPS://x")
        #expect(try parse("curl --url ftp://x").url == "ftp://x")
        #expect(try parse("curl -- -odd").url == "http://-odd")
    }

    @Test func methodAndHeaders() throws {
        let command = try parse(#"curl -X PUT -H 'Accept: application/json' --header "X-Trace:  a b  " -H'X-Empty;' -H 'User-Agent:' --request PATCH https://x"#)
        #expect(command.method == "PATCH")  // the last -X wins, as in curl
        #expect(command.headers == [
            CurlHeader(name: "Accept", value: "application/json"),
            CurlHeader(name: "X-Trace", value: "a b"),
            CurlHeader(name: "X-Empty", value: ""),
        ])
        #expect(command.removedHeaders == ["User-Agent"])
        #expect(try parse("curl -XPOST x").method == "POST")
        #expect(try parse("curl -H 'X: a:b' x").headers == [CurlHeader(name: "X", value: "a:b")])
    }

    @Test func dataOptions() throws {
        let command = try parse("""
            curl x -d a=1 --data @body.txt --data-ascii b=2 --data-raw @literal --data-binary @bin.dat \
              --data-binary raw --json '{"k":1}' --json @doc.json -d @-
            """)
        #expect(command.data == [
            .ascii(.text("a=1")), .ascii(.file("body.txt")), .ascii(.text("b=2")), .raw("@literal"),
            .binary(.file("bin.dat")), .binary(.text("raw")), .json(.text(#"{"k":1}"#)), .json(.file("doc.json")),
            .ascii(.file("-")),
        ])
    }

    @Test func dataURLEncodeForms() throws {
        let command = try parse("curl x --data-urlencode 'a b' --data-urlencode '=c=d@e' --data-urlencode 'n=v w' "
            + "--data-urlencode @file.txt --data-urlencode name@f.txt --data-urlencode 'a@b=c'")
        #expect(command.data == [
            .urlencode(name: nil, .text("a b")), .urlencode(name: nil, .text("c=d@e")),
            .urlencode(name: "n", .text("v w")), .urlencode(name: nil, .file("file.txt")),
            .urlencode(name: "name", .file("f.txt")), .urlencode(name: "a", .file("b=c")),
        ])
    }

    @Test func formParts() throws {
        let command = try parse(#"""
            curl x -F name=value -F 'file=@photo.jpg;type=image/jpeg;filename=me.jpg' -F 'notes=<notes.txt' \
              -F 'q="a;b \"c\""' --form ' sp = padded ' -F 't=x;type=text/plain; charset=utf-8' \
              -F 'f=@"we;ird,name.txt"' -F 'h=v;headers="X-A: 1"' --form-string 'lit=@not;a file' -F =anon
            """#)
        #expect(command.form == [
            CurlFormPart(name: "name", content: .text("value")),
            CurlFormPart(name: "file", content: .file("photo.jpg"), contentType: "image/jpeg", filename: "me.jpg"),
            CurlFormPart(name: "notes", content: .fileContents("notes.txt")),
            CurlFormPart(name: "q", content: .text(#"a;b "c""#)),
            CurlFormPart(name: " sp ", content: .text("padded")),
            CurlFormPart(name: "t", content: .text("x"), contentType: "text/plain; charset=utf-8"),
            CurlFormPart(name: "f", content: .file("we;ird,name.txt")),
            CurlFormPart(name: "h", content: .text("v"), headers: ["X-A: 1"]),
            CurlFormPart(name: "lit", content: .text("@not;a file")),
            CurlFormPart(name: "", content: .text("anon")),
        ])
    }

    @Test func valueOptions() throws {
        let command = try parse("curl -u alice:s3cret -A 'Agent/1.0' -e https://ref/ -b 'a=1; b=2' -b jar.txt "
            + "-m 2.5 -o out.bin https://x")
        #expect(command.user == "alice:s3cret")
        #expect(command.userAgent == "Agent/1.0")
        #expect(command.referer == "https://ref/")
        #expect(command.cookies == [.header("a=1; b=2"), .file("jar.txt")])
        #expect(command.maxTime == 2.5)
        #expect(command.output == "out.bin")
        let long = try parse("curl --user u:p --user-agent A --referer R --cookie c=1 --max-time 5 --output o x")
        #expect(long.user == "u:p" && long.userAgent == "A" && long.referer == "R")
        #expect(long.cookies == [.header("c=1")] && long.maxTime == 5 && long.output == "o")
        #expect(try parse("curl -m .5 x").maxTime == 0.5)
        #expect(try parse("curl -m 1e-05 x").maxTime == 0.00001)
    }

    @Test func booleanFlags() throws {
        let command = try parse("curl -G -L -k -I -g -s -S -v -i --compressed x")
        #expect(command.get && command.followRedirects && command.insecure && command.head && command.globoff)
        #expect(command.silent && command.showError && command.verbose && command.include && command.compressed)
        let long = try parse("curl --get --location --insecure --head --globoff --silent --show-error --verbose --include x")
        #expect(long.get && long.followRedirects && long.insecure && long.head && long.globoff)
        #expect(long.silent && long.showError && long.verbose && long.include)
        let negated = try parse("curl -L -s --no-location --no-silent x")
        #expect(!negated.followRedirects && !negated.silent)
    }

    @Test func combinedShortFlags() throws {
        let command = try parse("curl -sSLk -XPOST -sH'X: y' -sSo out.txt -m5 -dk=v x")
        #expect(command.silent && command.showError && command.followRedirects && command.insecure)
        #expect(command.method == "POST")
        #expect(command.headers == [CurlHeader(name: "X", value: "y")])
        #expect(command.output == "out.txt")
        #expect(command.maxTime == 5)
        #expect(command.data == [.ascii(.text("k=v"))])
    }

    @Test func aValueMayLookLikeAnOption() throws {
        #expect(try parse("curl -d -x x").data == [.ascii(.text("-x"))])
        #expect(try parse("curl -A '' x").userAgent == "")
    }

    @Test func headAndGetWithData() throws {
        let command = try parse("curl -I -G -d q=1 x")
        #expect(command.head && command.get && command.data == [.ascii(.text("q=1"))])
    }
}
