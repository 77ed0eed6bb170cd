import Foundation

/// JUnit XML for `replay --junit` and `run --junit`: one testsuite, one testcase per exchange or
/// request, a `failure` with every problem of each that did not pass, `skipped` for those left
/// unsent (Ctrl-C, `--fail-fast`).
enum JUnitXML {
    struct Case {
        var name: String
        var seconds: Double
        /// Empty when it passed.
        var problems: [String]
        /// `failed`, `difference`, `assert`: the failure's type.
        var kind = "failed"
        /// Each problem a `failure` of its own (a request's failed asserts), rather than one
        /// failure listing them all (a replay's differences).
        var eachProblemAFailure = false
    }

    /// - Parameters:
    ///   - cases: the ones that ran, in order.
    ///   - skipped: names of those that did not.
    static func xml(suite: String, classPrefix: String, cases: [Case], skipped: [String]) -> String {
        let total = cases.count + skipped.count
        let failures = cases.filter { !$0.problems.isEmpty }.count
        let time = cases.map(\.seconds).reduce(0, +)
        let className = escape(classPrefix + "." + suite)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites tests=\"\(total)\" failures=\"\(failures)\" time=\"\(seconds(time))\">\n"
        out += "  <testsuite name=\"\(escape(suite))\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped.count)\" time=\"\(seconds(time))\">\n"
        for testCase in cases {
            out += "    <testcase classname=\"\(className)\" name=\"\(escape(testCase.name))\" time=\"\(seconds(testCase.seconds))\""
            guard let message = testCase.problems.first else {
                out += "/>\n"
                continue
            }
            out += ">\n"
            for (message, text) in testCase.eachProblemAFailure ? testCase.problems.map({ ($0, $0) })
                                                                : [(message, testCase.problems.joined(separator: "\n"))] {
                out += "      <failure message=\"\(escape(message))\" type=\"\(escape(testCase.kind))\">"
                out += escape(text, attribute: false) + "</failure>\n"
            }
            out += "    </testcase>\n"
        }
        for name in skipped {
            out += "    <testcase classname=\"\(className)\" name=\"\(escape(name))\" time=\"0\"><skipped/></testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// `replay --junit`: a failing exchange's problems (\"failed\", or the differences found by `--check`).
    static func replay(suite: String, results: [ReplayReport.Result], total: Int) -> String {
        let cases = results.map { result in
            Case(name: result.title, seconds: result.seconds, problems: result.passed ? [] : (result.problems.isEmpty ? ["failed"] : result.problems),
                 kind: result.diff == nil ? "failed" : "difference")
        }
        return xml(suite: suite, classPrefix: "replay", cases: cases,
                   skipped: (results.count..<max(results.count, total)).map { "\($0 + 1): not replayed" })
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// XML text and attribute escaping; characters XML 1.0 cannot carry at all become U+FFFD.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\r": out += "&#13;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
