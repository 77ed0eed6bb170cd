import ClientCore
import Foundation
import RequestModel

/// Parsers for `send`'s option values. Each error names the flag and the value at fault
/// and is a usage error (exit 2): nothing has been sent yet.
enum SendArguments {
    /// `-H 'Name: value'`. The name keeps the user's spelling; the value loses surrounding blanks.
    static func header(_ raw: String) throws(CLIError) -> HTTPHeader {
        guard let colon = raw.firstIndex(of: ":") else {
            throw .usage("-H \(raw.debugDescription): a header needs the form 'Name: value'")
        }
        let name = String(raw[..<colon])
        let value = raw[raw.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        let header = HTTPHeader(name: name, value: value)
        if let problem = header.problem { throw .usage("-H \(raw.debugDescription): \(problem)") }
        return header
    }

    /// The URL: as given, or an RFC 6570 template expanded when it has `{…}` or `--var`s
    /// (`--var k=v`; a repeated `k` makes a list). A URL with `{{name}}` placeholders is kept as
    /// written here: the preparation fills them once, with the rest of what the user typed.
    static func expanded(url: String, variables raw: [String]) throws(CLIError) -> String {
        guard (url.contains("{") || !raw.isEmpty) && !url.contains("{{") else { return url }
        var variables: [String: Any] = [:]
        for (name, value) in try Self.variables(raw) {
            switch variables[name] {
            case nil: variables[name] = value
            case let list as [String]: variables[name] = list + [value]
            case let first as String: variables[name] = [first, value]
            default: break
            }
        }
        do {
            return try HTTPRequest(.get, uriTemplate: url, variables: variables).route
        } catch {
            throw .usage(error.message)
        }
    }

    /// `--var k=v` items, in order.
    static func variables(_ raw: [String]) throws(CLIError) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for item in raw {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw .usage("--var \(item.debugDescription): use the form name=value")
            }
            pairs.append((String(parts[0]), String(parts[1])))
        }
        return pairs
    }

    /// `--query k=v`; `--query k` is a name without a value.
    static func query(_ raw: String) throws(CLIError) -> QueryItem {
        let parts = raw.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = parts.first, !name.isEmpty else {
            throw .usage("--query \(raw.debugDescription): the name before '=' is empty")
        }
        return QueryItem(String(name), parts.count > 1 ? String(parts[1]) : nil)
    }

    /// `url` with `--query` items after its own, in order, percent-encoded — but for the
    /// `{{name}}` and `${env:NAME}` placeholders in them when `keepingPlaceholders`, which filling
    /// replaces, as it does everywhere in a URL.
    static func appending(_ items: [QueryItem], to url: String, keepingPlaceholders: Bool) -> String {
        guard !items.isEmpty else { return url }
        func encoded(_ text: String) -> String {
            keepingPlaceholders ? Template.encodingOutsidePlaceholders(text) { PercentEncoding.encodeQueryComponent(String($0)) }
                : PercentEncoding.encodeQueryComponent(text)
        }
        let query = items.map { item in encoded(item.name) + (item.value.map { "=" + encoded($0) } ?? "") }.joined(separator: "&")
        let separator = url.hasSuffix("?") || url.hasSuffix("&") ? "" : url.contains("?") ? "&" : "?"
        return url + separator + query
    }

    /// The path after `@` in `--data @FILE` or `--json @FILE`.
    static func filePath(_ raw: String, flag: String) throws(CLIError) -> String {
        let path = String(raw.dropFirst())
        guard !path.isEmpty else { throw .usage("\(flag) @: a file name must follow '@'") }
        return path
    }

    /// `-X NAME`: an RFC 9110 token, upper-cased as methods conventionally are.
    static func method(_ raw: String) throws(CLIError) -> HTTPMethod {
        let method = HTTPMethod(raw)
        guard method.isValidToken else { throw .usage("-X \(raw.debugDescription): not a valid HTTP method") }
        return method
    }

    /// `--retry immediate|delayed:S|exponential:BASE|fibonacci:UNIT`.
    static func retryStrategy(_ raw: String) throws(CLIError) -> HTTPRetryStrategy {
        let parts = raw.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let form = "use immediate, delayed:SECONDS, exponential:BASE or fibonacci:UNIT"
        func seconds() throws(CLIError) -> TimeInterval {
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite, value >= 0 else {
                throw .usage("--retry \(raw.debugDescription): \(parts[0]) needs a number of seconds, 0 or more (\(form))")
            }
            return value
        }
        switch parts[0].lowercased() {
        case "immediate" where parts.count == 1: return .immediate
        case "delayed": return .delayed(try seconds())
        case "exponential": return .exponential(base: try seconds())
        case "fibonacci": return .fibonacci(unit: try seconds())
        default: throw .usage("--retry \(raw.debugDescription): unknown strategy; \(form)")
        }
    }
}
