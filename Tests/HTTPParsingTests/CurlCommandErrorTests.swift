import Testing
@testable import CurlSyntax

@Suite struct CurlCommandErrorTests {
    func error(_ line: String) -> CurlParseError? {
        do {
            _ = try CurlCommand.parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownOptionsAreNamed() {
        #expect(error("curl --frobnicate x") == .unknownOption("--frobnicate"))
        #expect(error("curl --frobnicate x")?.description == "unknown curl option --frobnicate")
        #expect(error("curl -sz x") == .unknownOption("-z"))
        #expect(error("curl - x") == .unknownOption("-"))
        #expect(error("curl --verb x") == .unknownOption("--verb"))  // no prefix abbreviations
        #expect(error("curl --no-header x") == .unknownOption("--no-header"))  // --no- only for flags
        #expect(error("curl --frob=1 x") == .unknownOption("--frob=1"))
    }

    @Test func longOptionWithEqualsIsRefused() {
        #expect(error("curl --max-time=5 x") == .equalsInLongOption(option: "--max-time", value: "5"))
        #expect(error("curl --max-time=5 x")?.description == "curl does not accept '--max-time=5': write '--max-time 5'")
    }

    @Test func missingValues() {
        #expect(error("curl http://x -H") == .missingValue(option: "-H"))
        #expect(error("curl http://x -H")?.description == "curl option -H needs a value")
        #expect(error("curl http://x --data") == .missingValue(option: "--data"))
        #expect(error("curl x -sX") == .missingValue(option: "-X"))
    }

    @Test func wrongShape() {
        #expect(error("") == .empty)
        #expect(error("  # just a comment") == .empty)
        #expect(error("wget http://x") == .notCurl("wget"))
        #expect(error("curlish http://x") == .notCurl("curlish"))
        #expect(error("curl -s") == .noURL)
        #expect(error("curl http://a http://b") == .multipleURLs("http://a", "http://b"))
        #expect(error("curl ''") == .invalidValue(option: "URL", value: "", reason: "it is empty"))
        #expect(error("curl 'x") == .unterminatedQuote(quote: "single", position: 6))
    }

    @Test func conflictingRequestKinds() {
        #expect(error("curl -d a -F b=c x") == .conflictingOptions("-d/--data", "-F/--form"))
        #expect(error("curl -I -d a x") == .conflictingOptions("-I/--head", "-d/--data"))
        #expect(error("curl -I -F a=b x") == .conflictingOptions("-I/--head", "-F/--form"))
        #expect(error("curl -G -F a=b x") == .conflictingOptions("-G/--get", "-F/--form"))
    }

    @Test(arguments: ["abc", "-1", "inf", "nan", "0x10", "", "1.5s", "+3"])
    func badMaxTime(_ value: String) {
        #expect(error("curl -m '\(value)' x") == .invalidValue(option: "-m", value: value, reason: "expected seconds, such as 5 or 0.5"))
    }

    @Test func badMethodsAndHeaders() {
        #expect(error("curl -X 'PO ST' x") == .invalidValue(option: "-X", value: "PO ST", reason: "a method is a token such as POST"))
        #expect(error("curl -X '' x") == .invalidValue(option: "-X", value: "", reason: "a method is a token such as POST"))
        if case .invalidValue(let option, _, _)? = error("curl -H NoColon x") { #expect(option == "-H") } else { Issue.record("accepted") }
        if case .invalidValue? = error("curl -H 'Bad Name: v' x") {} else { Issue.record("accepted a bad name") }
        if case .invalidValue? = error("curl -H ': v' x") {} else { Issue.record("accepted an empty name") }
        if case .invalidValue? = error(#"curl -H $'X: a\r\nY: b' x"#) {} else { Issue.record("accepted CR LF") }
        if case .invalidValue? = error("curl -H 'X; y' x") {} else { Issue.record("accepted text after ;") }
        #expect(error("curl -H @headers.txt x") == .unsupported(option: "-H @file",
                                                                 reason: "reading headers from a file; give each header with -H"))
    }

    @Test func badFormParts() {
        func isInvalid(_ line: String) -> Bool {
            if case .invalidValue? = error(line) { return true }
            return false
        }
        func isUnsupported(_ line: String) -> Bool {
            if case .unsupported? = error(line) { return true }
            return false
        }
        #expect(isInvalid("curl -F noequals x"))
        #expect(isInvalid("curl -F 'a=x;y' x"))  // curl would drop ';y' with a warning
        #expect(isInvalid("curl -F 'a=@f;type=bad' x"))
        #expect(isInvalid("curl -F 'a=\"x\" tail' x"))
        #expect(isInvalid("curl -F 'a=<f;filename=n' x"))
        #expect(isInvalid("curl -F 'a=@' x"))
        #expect(isInvalid("curl --form-string noequals x"))
        #expect(isUnsupported("curl -F 'a=@one,two' x"))
        #expect(isUnsupported("curl -F 'a=(;type=multipart/mixed' x"))
        #expect(isUnsupported("curl -F '=)' x"))
        #expect(isUnsupported("curl -F 'a=v;headers=@h.txt' x"))
        #expect(error("curl -F 'a=x;y' x")?.description
            == "bad value 'a=x;y' for -F: unknown parameter 'y' (quote a value that holds ';')")
    }
}
