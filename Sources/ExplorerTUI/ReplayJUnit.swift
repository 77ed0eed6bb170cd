import Foundation

/// `replay --junit`: one testsuite, one testcase per exchange, a `failure` with the differences
/// for each that did not pass, and `skipped` for exchanges a Ctrl-C left unsent.
enum ReplayJUnit {
    static func xml(suite: String, results: [ReplayReport.Result], total: Int) -> String {
        let failures = results.filter { !$0.passed }.count
        let time = results.map(\.seconds).reduce(0, +)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites tests=\"\(total)\" failures=\"\(failures)\" time=\"\(seconds(time))\">\n"
        out += "  <testsuite name=\"\(escape(suite))\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(total - results.count)\" time=\"\(seconds(time))\">\n"
        for result in results {
            out += "    <testcase classname=\"\(escape("replay." + suite))\" name=\"\(escape(result.title))\" time=\"\(seconds(result.seconds))\""
            guard !result.passed else {
                out += "/>\n"
                continue
            }
            let message = result.problems.first ?? "failed"
            out += ">\n      <failure message=\"\(escape(message))\" type=\"\(result.diff == nil ? "failed" : "difference")\">"
            out += escape(result.problems.joined(separator: "\n"), attribute: false)
            out += "</failure>\n    </testcase>\n"
        }
        for index in results.count..<max(results.count, total) {
            out += "    <testcase classname=\"\(escape("replay." + suite))\" name=\"\(index + 1): not replayed\" time=\"0\"><skipped/></testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
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
