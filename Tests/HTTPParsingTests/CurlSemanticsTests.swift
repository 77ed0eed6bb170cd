import Foundation
import Testing
@testable import CurlSyntax

@Suite struct CurlSemanticsTests {
    struct MissingFile: Error {}

    let files: [String: Data] = [
        "body.txt": Data("a\r\nb\nc".utf8),
        "doc.json": Data(#"{"x":1}"#.utf8),
        "bin": Data([0x00, 0x0D, 0x0A, 0xFF]),
    ]

    func joined(_ line: String) throws -> String? {
        let command = try CurlCommand.parse(line)
        let data = try command.joinedData { (path: String) throws(MissingFile) -> Data in
            guard let data = files[path] else { throw MissingFile() }
            return data
        }
        return data.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func effectiveMethod() throws {
        #expect(try CurlCommand.parse("curl x").effectiveMethod == "GET")
        #expect(try CurlCommand.parse("curl -d a x").effectiveMethod == "POST")
        #expect(try CurlCommand.parse("curl -F a=b x").effectiveMethod == "POST")
        #expect(try CurlCommand.parse("curl -G -d a x").effectiveMethod == "GET")
        #expect(try CurlCommand.parse("curl -I x").effectiveMethod == "HEAD")
        #expect(try CurlCommand.parse("curl -I -G -d a x").effectiveMethod == "HEAD")
        #expect(try CurlCommand.parse("curl -X PUT -d a x").effectiveMethod == "PUT")
    }

    @Test func dataJoinsLikeCurl() throws {
        #expect(try joined("curl x") == nil)
        #expect(try joined("curl -d a=1 -d b=2 x") == "a=1&b=2")
        #expect(try joined("curl -d @body.txt -d x=1 --json '{\"a\":1}' x") == #"abc&x=1{"a":1}"#)
        #expect(try joined("curl --json '[1,' --json '2]' x") == "[1,2]")
        #expect(try joined("curl --data-binary @body.txt x") == "a\r\nb\nc")
        #expect(try joined("curl --json @doc.json x") == #"{"x":1}"#)
        #expect(try joined("curl --data-raw @body.txt x") == "@body.txt")
        #expect(try joined("curl --data-urlencode 'ab=c d&e~' --data-urlencode '=x y' --data-urlencode q@body.txt x")
            == "ab=c+d%26e~&x+y&q=a%0D%0Ab%0Ac")
        #expect(try joined("curl --data-urlencode 'é' x") == "%C3%A9")
        #expect(throws: MissingFile.self) { try joined("curl -d @nope x") }
    }

    @Test func binaryFilesStayExact() throws {
        let command = try CurlCommand.parse("curl --data-binary @bin -d @bin x")
        let data = try command.joinedData { (path: String) throws(MissingFile) -> Data in files[path] ?? Data() }
        #expect(data == Data([0x00, 0x0D, 0x0A, 0xFF, UInt8(ascii: "&"), 0x00, 0xFF]))
    }

    @Test func getMovesDataToTheQuery() throws {
        let command = try CurlCommand.parse("curl -G -d a=1 -d b=2 'https://x/p?z=0'")
        let data = try command.joinedData { (_: String) throws(MissingFile) -> Data in Data() }
        #expect(command.requestURL(joinedData: data) == "https://x/p?z=0&a=1&b=2")
        let plain = try CurlCommand.parse("curl -G --data-urlencode 'q=a b' https://x/s")
        #expect(plain.requestURL(joinedData: try plain.joinedData { (_: String) throws(MissingFile) -> Data in Data() })
            == "https://x/s?q=a+b")
        let post = try CurlCommand.parse("curl -d a=1 https://x/")
        #expect(post.requestURL(joinedData: Data("a=1".utf8)) == "https://x/")
    }

    @Test func impliedHeaders() throws {
        let command = try CurlCommand.parse("curl -u alice:pw -A Agent -e 'https://r/;auto' -b 'a=1' -b 'b=2' -b jar -d x=1 -H 'X: 1' u")
        #expect(command.requestHeaders == [
            CurlHeader(name: "Authorization", value: "Basic YWxpY2U6cHc="),
            CurlHeader(name: "User-Agent", value: "Agent"),
            CurlHeader(name: "Referer", value: "https://r/"),
            CurlHeader(name: "Cookie", value: "a=1; b=2"),
            CurlHeader(name: "X", value: "1"),
            CurlHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"),
        ])
        #expect(try CurlCommand.parse("curl -u alice u").requestHeaders
            == [CurlHeader(name: "Authorization", value: "Basic YWxpY2U6")])
    }

    @Test func userHeadersWin() throws {
        let command = try CurlCommand.parse("curl -u a:b -A Agent -H 'authorization: Bearer t' -H 'User-Agent:' -d x u")
        #expect(command.requestHeaders == [
            CurlHeader(name: "authorization", value: "Bearer t"),
            CurlHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"),
        ])
        #expect(command.removedHeaders == ["User-Agent"])
    }

    @Test func jsonHeaders() throws {
        #expect(try CurlCommand.parse("curl --json '{}' u").requestHeaders == [
            CurlHeader(name: "Content-Type", value: "application/json"),
            CurlHeader(name: "Accept", value: "application/json"),
        ])
        #expect(try CurlCommand.parse("curl --json '{}' -H 'Accept: text/plain' u").requestHeaders == [
            CurlHeader(name: "Accept", value: "text/plain"),
            CurlHeader(name: "Content-Type", value: "application/json"),
        ])
        // With -G the data is a query: no form type; --json's headers stay (curl adds them as if given with -H).
        #expect(try CurlCommand.parse("curl -G -d a u").requestHeaders == [])
        #expect(try CurlCommand.parse("curl -G --json '{}' u").requestHeaders.map(\.name) == ["Content-Type", "Accept"])
    }
}
