import ClientEvents
import Foundation
import ProfileFormat
import RequestModel

/// A session as YAML. Every text a user or a server wrote is double-quoted (JSON escapes are YAML
/// escapes), so nothing typed or received can change the file's structure; JSON bodies and events
/// are written as YAML flow, which reads as the JSON it is.
public enum SessionWriter {
    /// - Parameter compactJSON: JSON bodies on one line each (histories: half the size to write and read).
    public static func yaml(_ session: Session, compactJSON: Bool = false) -> String {
        var out = Output(compactJSON: compactJSON)
        out.line(0, "# An explorer session (SPEC §5). Replay it with: explorer replay FILE --check")
        out.line(0, "version: \(session.version)")
        if let description = session.description { out.line(0, "description: \(q(description))") }
        out.line(0, "profile:")
        out.line(1, "name: \(q(session.profile.name))")
        if let baseURL = session.profile.baseURL { out.line(1, "baseURL: \(q(baseURL))") }
        headers(session.profile.headers, key: "headers", level: 1, into: &out)
        out.line(0, "secrets: \(q(session.secrets.rawValue))")
        check(session.check, level: 0, into: &out)
        guard !session.exchanges.isEmpty else {
            out.line(0, "exchanges: []")
            return out.text
        }
        out.line(0, "exchanges:")
        for exchange in session.exchanges { self.exchange(exchange, into: &out) }
        return out.text
    }

    private static func exchange(_ exchange: Session.Exchange, into out: inout Output) {
        var first = true
        // The first key of a list item follows its "- ".
        func key(_ text: String) {
            out.line(1, (first ? "- " : "  ") + text)
            first = false
        }
        if let name = exchange.name { key("name: \(q(name))") }
        if let date = exchange.startedAt { key("at: \(q(date.formatted(.iso8601)))") }
        key("request:")
        for line in RequestSpecWriter.lines(exchange.request) { out.line(3, line) }
        if let check = exchange.check { self.check(check, level: 2, into: &out) }
        let attempts = exchange.attempts
        if !attempts.isEmpty {
            out.line(2, "attempts:")
            for attempt in attempts {
                out.line(3, "- attempt: \(attempt.number)")
                out.line(4, "events:")
                for event in attempt.events { out.line(5, "- " + event.node.spacedLine) }
            }
        }
        let closing = exchange.events.filter { $0.attempt == nil }
        if !closing.isEmpty {
            out.line(2, "events:")
            for event in closing { out.line(3, "- " + event.node.spacedLine) }
        }
        if let outcome = exchange.outcome { self.outcome(outcome, into: &out) }
    }

    private static func outcome(_ outcome: Session.Outcome, into out: inout Output) {
        out.line(2, "outcome:")
        if let status = outcome.status { out.line(3, "status: \(status)") }
        if let version = outcome.httpVersion { out.line(3, "httpVersion: \(q(version))") }
        out.line(3, "attempts: \(outcome.attempts)")
        if let elapsed = outcome.elapsedMs { out.line(3, "time_ms: \(number(elapsed))") }
        if let error = outcome.error { out.line(3, "error: { kind: \(q(error.kind)), message: \(q(error.message)) }") }
        headers(outcome.headers, key: "headers", level: 3, into: &out)
        switch outcome.body {
        case .empty: break
        case .text(let text): out.line(3, "body: { text: \(q(text)) }")
        case .json(let node):
            out.line(3, "body:")
            json(node, level: 4, into: &out)
        case .digest(let sha256, let size, let type):
            out.line(3, "body: { sha256: \(q(sha256)), size: \(size)" + (type.map { ", contentType: \(q($0))" } ?? "") + " }")
        }
    }

    /// `json:` and the value as YAML flow: continuation lines indented past the key, as YAML asks.
    private static func json(_ node: JSONNode, level: Int, into out: inout Output) {
        // YAML limits implicit keys to 1024 characters; a longer object key goes as text instead.
        guard node.longestKey < 1000 else { return out.line(level, "text: \(q(node.compactText))") }
        out.line(level, "json: " + (out.compactJSON ? node.spacedLine : node.prettyText(indent: Output.indent(level + 1))))
    }

    private static func headers(_ fields: [Session.Field], key: String, level: Int, into out: inout Output) {
        guard !fields.isEmpty else { return }
        out.line(level, "\(key):")
        for field in fields { out.line(level + 1, "- \(q(field.name + ": " + field.value))") }
    }

    private static func check(_ check: Session.Check, level: Int, into out: inout Output) {
        out.line(level, "check:")
        out.line(level + 1, "headers: [\(check.headers.map(q).joined(separator: ", "))]")
        out.line(level + 1, "ignore: [\(check.ignore.map(q).joined(separator: ", "))]")
        if let attempts = check.attempts { out.line(level + 1, "attempts: \(attempts)") }
    }

    static func q(_ text: String) -> String { QuotedText.quote(text) }

    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    private struct Output {
        let compactJSON: Bool
        var text = ""
        static func indent(_ level: Int) -> String { String(repeating: "  ", count: level) }
        mutating func line(_ level: Int, _ content: String) {
            text += Self.indent(level) + content + "\n"
        }
    }
}
