import RequestModel

/// How a replayed exchange differs from the recorded one: its attempts (see `AttemptStory`), then
/// the outcome — status, the chosen response headers and the body (JSON structurally, with
/// ignored places; text exactly; hashed bodies by SHA-256).
/// A pure value, so `replay --check` and the TUI show the same lines.
public struct SessionDiff: Sendable, Equatable {
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        public enum Place: Sendable, Equatable {
            /// How many attempts the exchange took.
            case attempts
            /// Attempt `n` (1-based): how it ended, its decisions, alternates, tasks or retry.
            case attempt(Int)
            /// Success against failure, or a different failure.
            case outcome
            case status
            case header(String)
            /// The body as a whole (`nil`) or a place in its JSON.
            case body(NormalizedPath?)
            /// How many messages a WebSocket received, message `n` (1-based) of them, how it closed.
            case messages
            case message(Int)
            case closed
        }

        public var place: Place
        /// `status: expected 200, got 503`.
        public var description: String
    }

    public var differences: [Difference]
    /// Set when a JSON body had more differences than were listed.
    public var truncated: Bool

    public var isEqual: Bool { differences.isEmpty }

    /// One difference per line.
    public var rendered: String { (differences.map(\.description) + (truncated ? ["… and more body differences"] : [])).joined(separator: "\n") }

    /// Compares `actual` with `expected` as `check` says; bad ignore queries are skipped (the
    /// session reader refuses them first).
    public static func compare(expected: Session.Outcome, actual: Session.Outcome, check: Session.Check = Session.Check(),
                               limit: Int = 50) -> SessionDiff {
        var differences: [Difference] = []
        var truncated = false
        func add(_ place: Difference.Place, _ text: String) { differences.append(Difference(place: place, description: text)) }

        switch (expected.error, actual.error) {
        case (nil, let failure?):
            add(.outcome, "outcome: expected a response, got a failure (\(failure.kind)): \(failure.message)")
        case (let failure?, nil):
            add(.outcome, "outcome: expected a failure (\(failure.kind)), got a response")
        case (let wanted?, let got?) where wanted.kind != got.kind:
            add(.outcome, "outcome: expected a failure (\(wanted.kind)), got \(got.kind): \(got.message)")
        default: break
        }
        if expected.status != actual.status {
            add(.status, "status: expected \(expected.status.map(String.init) ?? "none"), got \(actual.status.map(String.init) ?? "none")")
        }
        // A failed exchange has no headers to compare.
        if expected.succeeded, actual.succeeded {
            for name in check.headers {
                let wanted = expected.header(name)
                let got = actual.header(name)
                guard wanted != got else { continue }
                add(.header(name), "header \(name): expected \(wanted.map(QuotedText.quote) ?? "none"), got \(got.map(QuotedText.quote) ?? "none")")
            }
        }
        let queries = check.ignore.compactMap { try? JSONPath($0) }
        switch (expected.body, actual.body) {
        case (.json(let wanted), .json(let got)):
            let found = JSONDiff.compare(expected: wanted, actual: got, ignoring: queries, limit: limit + 1)
            truncated = found.count > limit
            for difference in found.prefix(limit) { add(.body(difference.path), "body " + difference.description) }
        case (.text(let wanted), .text(let got)) where wanted != got:
            add(.body(nil), "body " + textDifference(wanted, got))
        case (.digest(let wantedHash, let wantedSize, _), .digest(let gotHash, let gotSize, _)) where wantedHash != gotHash:
            add(.body(nil), "body: expected \(wantedSize) bytes with sha256 \(wantedHash.prefix(12))…, got \(gotSize) bytes with sha256 \(gotHash.prefix(12))…")
        case (.empty, .empty), (.json, _), (.text, _), (.digest, _), (.empty, _):
            if !sameKind(expected.body, actual.body) {
                add(.body(nil), "body: expected \(summary(expected.body)), got \(summary(actual.body))")
            }
        }
        return SessionDiff(differences: differences, truncated: truncated)
    }

    private static func sameKind(_ left: Session.BodyRecord, _ right: Session.BodyRecord) -> Bool {
        switch (left, right) {
        case (.empty, .empty), (.json, .json), (.text, .text), (.digest, .digest): true
        default: false
        }
    }

    private static func summary(_ body: Session.BodyRecord) -> String {
        switch body {
        case .empty: "no body"
        case .json(let node): "JSON \(JSONDiff.preview(node))"
        case .text(let text): "text \(preview(text))"
        case .digest(let hash, let size, _): "\(size) bytes with sha256 \(hash.prefix(12))…"
        }
    }

    /// The first line that differs: `body line 3: expected "…", got "…"`.
    private static func textDifference(_ wanted: String, _ got: String) -> String {
        let left = wanted.split(separator: "\n", omittingEmptySubsequences: false)
        let right = got.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? String(left[index]) : nil
            let b = index < right.count ? String(right[index]) : nil
            guard a != b else { continue }
            let where_ = left.count == 1 && right.count == 1 ? "" : " line \(index + 1)"
            return "text\(where_): expected \(a.map(preview) ?? "no line"), got \(b.map(preview) ?? "no line")"
        }
        return "text: expected \(preview(wanted)), got \(preview(got))"
    }

    static func preview(_ text: String) -> String {
        QuotedText.quote(text.count > 60 ? String(text.prefix(57)) + "…" : text)
    }
}
