import Testing
@testable import Profiles

/// Problems quote what they found, cut to about 80 characters, never a whole long value.
@Suite struct QuotedValueTests {
    @Test func longValuesAreCut() {
        #expect(QuotedValue.quoted("short \"x\"") == #""short \"x\"""#)
        let long = String(repeating: "a", count: 500)
        #expect(QuotedValue.quoted(long) == "\"" + String(repeating: "a", count: 79) + "…\"")
        #expect(QuotedValue.capped(String(repeating: "b", count: 80)).count == 80)
    }

    @Test func aSavedRequestsProblemQuotesAShortPart() {
        let long = String(repeating: "x", count: 10_000)
        let text = "requests:\n  - name: one\n    url: a\n    headers: [\"\(long)\"]\n"
        #expect {
            try SavedRequestsFile.read(text, file: "r.yaml")
        } throws: { error in
            let message = "\(error)"
            return message.contains("expected \"Name: value\", found \"" + String(repeating: "x", count: 79) + "…\"") && message.count < 200
        }
    }

    @Test func aProfileProblemQuotesAShortPart() {
        let long = String(repeating: "y", count: 10_000)
        #expect {
            try ProfileReader.read("timeout: \(long)\n", name: "p", file: "p.yaml")
        } throws: { error in
            "\(error)".contains("found \"" + String(repeating: "y", count: 79) + "…\"") && "\(error)".count < 200
        }
    }
}
