import ClientEvents
import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel

/// Reads a session file into a `Session`, refusing with a `SessionProblem` that names the file,
/// the line, the column and the key: bad YAML, a value of the wrong kind, an unknown key, an unknown event.
public enum SessionReader {
    /// How many JSON values one file may hold in all, aliases expanded (a full history of
    /// ordinary JSON holds about half a million).
    static let valueLimit = 3_000_000

    public static func read(_ text: String, file: String) throws(SessionProblem) -> Session {
        let root = try LocatedNode.document(text, file: file, valueLimit: valueLimit)
        let top = try root.mapping(allowed: ["version", "description", "profile", "secrets", "check", "exchanges"], required: ["version", "profile"])
        let versionNode = top.required("version")
        let version = try versionNode.int()
        guard version == SessionFormat.version else {
            throw versionNode.problem("this explorer reads session format \(SessionFormat.version), not \(version)")
        }
        var session = Session(profile: try profile(top.required("profile")))
        session.description = try top["description"]?.string()
        if let secrets = top["secrets"] {
            let text = try secrets.string()
            guard let value = Session.Secrets(rawValue: text) else { throw secrets.problem("expected \"redacted\" or \"kept\", found \(QuotedText.capped(text))") }
            session.secrets = value
        }
        if let check = top["check"] { session.check = try self.check(check) }
        if let exchanges = top["exchanges"] {
            session.exchanges = try exchanges.sequence().map { (node) throws(SessionProblem) in try exchange(node, sessionCheck: session.check) }
        }
        return session
    }

    private static func profile(_ node: LocatedNode) throws(SessionProblem) -> Session.ProfileSnapshot {
        let entries = try node.mapping(allowed: ["name", "baseURL", "headers"], required: ["name"])
        return Session.ProfileSnapshot(name: try entries.required("name").string(), baseURL: try entries["baseURL"]?.string(),
                                       headers: try entries["headers"]?.headerLines() ?? [])
    }

    /// - Parameter base: what a key the file leaves out stands for (an exchange's check keeps
    ///   the session's headers unless it names its own).
    private static func check(_ node: LocatedNode, base: Session.Check = Session.Check()) throws(SessionProblem) -> Session.Check {
        let entries = try node.mapping(allowed: ["headers", "ignore", "attempts"])
        var check = Session.Check(headers: base.headers)
        check.attempts = try entries["attempts"]?.bool()
        if let headers = entries["headers"] { check.headers = try headers.strings() }
        if let ignore = entries["ignore"] {
            for item in try ignore.sequence() {
                let pattern = try item.string()
                do throws(JSONPathProblem) {
                    _ = try JSONPath(pattern)
                } catch {
                    throw item.problem("bad JSON path \(QuotedText.quote(pattern)): \(error.message)", atCharacter: error.column)
                }
                check.ignore.append(pattern)
            }
        }
        return check
    }

    private static func exchange(_ node: LocatedNode, sessionCheck: Session.Check) throws(SessionProblem) -> Session.Exchange {
        let entries = try node.mapping(allowed: ["name", "at", "request", "capture", "assert", "poll", "check", "attempts", "events", "outcome"],
                                       required: ["request"])
        var exchange = Session.Exchange(request: try RequestSpecReader.request(entries.required("request"), named: false))
        // SPEC §8: an exchange may carry a request file's checks beside its request too.
        if let capture = entries["capture"] { exchange.request.captures += try RequestSpecReader.captures(capture) }
        if let assert = entries["assert"] { exchange.request.asserts += try RequestSpecReader.asserts(assert) }
        if let poll = entries["poll"] { exchange.request.poll = try RequestSpecReader.poll(poll) }
        exchange.name = try entries["name"]?.string()
        if let at = entries["at"] {
            let text = try at.string()
            guard let date = try? Date(text, strategy: .iso8601) else { throw at.problem("expected an ISO 8601 date, found \(QuotedText.capped(text))") }
            exchange.startedAt = date
        }
        if let check = entries["check"] { exchange.check = try self.check(check, base: sessionCheck) }
        if let attempts = entries["attempts"] {
            for attempt in try attempts.sequence() {
                let fields = try attempt.mapping(allowed: ["attempt", "events"], required: ["attempt", "events"])
                let number = try fields.required("attempt").int(in: 1...Int.max)
                for event in try events(fields.required("events")) {
                    guard event.attempt == number else {
                        throw fields.required("events").problem("an event of attempt \(event.attempt.map(String.init) ?? "none") under attempt \(number)")
                    }
                    exchange.events.append(event)
                }
            }
        }
        if let closing = entries["events"] { exchange.events += try events(closing) }
        if let outcome = entries["outcome"] { exchange.outcome = try self.outcome(outcome) }
        return exchange
    }

    private static func events(_ node: LocatedNode) throws(SessionProblem) -> [ClientEvent] {
        try node.sequence().map { (item) throws(SessionProblem) in
            do {
                return try ClientEvent(node: try item.json())
            } catch let problem as SessionProblem {
                throw problem
            } catch let problem as EventProblem {
                throw item.problem(problem.message)
            } catch {
                throw item.problem("\(error)")
            }
        }
    }

    private static func outcome(_ node: LocatedNode) throws(SessionProblem) -> Session.Outcome {
        let entries = try node.mapping(allowed: ["status", "httpVersion", "attempts", "time_ms", "error", "headers", "body"])
        var outcome = Session.Outcome(status: try entries["status"]?.int(in: 100...999))
        outcome.httpVersion = try entries["httpVersion"]?.string()
        outcome.attempts = try entries["attempts"]?.int() ?? 1
        outcome.elapsedMs = try entries["time_ms"]?.number()
        if let error = entries["error"] {
            let fields = try error.mapping(allowed: ["kind", "message"], required: ["kind"])
            outcome.error = Session.Failure(kind: try fields.required("kind").string(), message: try fields["message"]?.string() ?? "")
        }
        outcome.headers = try entries["headers"]?.headerLines() ?? []
        if let body = entries["body"] { outcome.body = try bodyRecord(body) }
        guard outcome.status != nil || outcome.error != nil else { throw node.problem("an outcome needs a status or an error") }
        return outcome
    }

    private static func bodyRecord(_ node: LocatedNode) throws(SessionProblem) -> Session.BodyRecord {
        let entries = try node.mapping(allowed: ["text", "json", "sha256", "size", "contentType"])
        if let text = entries["text"] { return .text(try text.string()) }
        if let json = entries["json"] { return .json(try json.json()) }
        guard let sha = entries["sha256"], let size = entries["size"] else { throw node.problem("give text, json, or sha256 and size") }
        let digest = try sha.string().lowercased()
        guard digest.count == 64, digest.allSatisfy(\.isHexDigit) else { throw sha.problem("expected 64 hexadecimal digits") }
        return .digest(sha256: digest, size: try size.int(), contentType: try entries["contentType"]?.string())
    }
}
