import ClientEvents
import TUICore

extension Timeline {
    /// Every row, oldest first. A retry wait's row counts down from `now`.
    public func rows(now: Double) -> [TimelineRow] {
        rows(in: 0..<rowCount, now: now)
    }

    /// The rows in `range` only: the pane builds just what it shows.
    public func rows(in range: Range<Int>, now: Double) -> [TimelineRow] {
        var rows: [TimelineRow] = []
        rows.reserveCapacity(max(0, range.count))
        var start = 0
        for log in logs {
            let end = start + log.rowCount
            if end > range.lowerBound, start < range.upperBound {
                for index in (max(range.lowerBound, start) - start)..<(min(range.upperBound, end) - start) {
                    rows.append(log.row(index, now: now))
                }
            }
            if end >= range.upperBound { break }
            start = end
        }
        return rows
    }
}

/// The timeline's colours: success green, failure red, retry yellow, alternate requests and
/// tasks cyan, times dim.
enum TimelineStyle {
    static let header = Style(bold: true)
    static let attempt = Style(bold: true)
    static let success = Style(foreground: .green)
    static let failure = Style(foreground: .red)
    static let retry = Style(foreground: .yellow)
    static let countdown = Style(foreground: .yellow, bold: true)
    static let side = Style(foreground: .cyan)
    static let dim = Style(dim: true)
    static let plain = Style()

    static func status(_ status: Int) -> Style {
        switch status {
        case 200..<300: success
        case 300..<400: side
        case 400...: failure
        default: plain
        }
    }
}

extension ExchangeLog {
    /// Row `index` of this exchange: its header, a note on dropped rows, one row per entry,
    /// then `cancelling…` while a cancel is under way.
    func row(_ index: Int, now: Double) -> TimelineRow {
        if index == 0 { return header }
        var position = index - 1
        if droppedEntries > 0 {
            if position == 0 {
                return TimelineRow(exchange: id, kind: .note, indent: 1,
                                   spans: [Span("… \(droppedEntries) earlier rows not kept", TimelineStyle.dim)])
            }
            position -= 1
        }
        if position < entries.count {
            return row(for: entries[position], isLast: position == entries.count - 1, now: now)
        }
        let cancelMs = ((cancelRequestedAt ?? startedAt) - startedAt) * 1000
        return TimelineRow(exchange: id, kind: .cancelling, indent: 1, spans: [Span("cancelling…", TimelineStyle.retry)],
                           time: TimelineFormat.offset(ms: cancelMs))
    }

    /// `#3 GET /flaky/2  127.0.0.1:8080`.
    private var header: TimelineRow {
        var spans = [Span("#\(number)", TimelineStyle.header)]
        let target = url.isEmpty ? "" : TimelineFormat.path(of: url)
        let title = [method, target].filter { !$0.isEmpty }.joined(separator: " ")
        if !title.isEmpty { spans.append(Span(" " + title, TimelineStyle.header)) }
        if let host = TimelineFormat.host(of: url) { spans.append(Span("  " + host, TimelineStyle.dim)) }
        return TimelineRow(exchange: id, kind: .header, indent: 0, spans: spans)
    }

    private func row(for entry: Entry, isLast: Bool, now: Double) -> TimelineRow {
        let inFlight = isLast && !isFinished
        let (kind, spans): (TimelineRow.Kind, [Span])
        switch entry.item {
        case let .attempt(number, method, url, outcome):
            kind = .attempt
            spans = [Span("attempt \(number)", TimelineStyle.attempt), Span(" \(method) \(TimelineFormat.short(url, base: self.url))")]
                + Self.spans(for: outcome, inFlight: inFlight, leading: true)
        case let .redirect(to, outcome):
            kind = .redirect
            spans = to.isEmpty ? Self.spans(for: outcome, inFlight: inFlight, leading: false)
                : [Span("↪ " + TimelineFormat.short(to, base: url))] + Self.spans(for: outcome, inFlight: inFlight, leading: true)
        case let .decision(validator, decision, reason):
            kind = .decision
            spans = [Span(validator), Span(" → ", TimelineStyle.dim), Span(decision.rawValue, Self.style(decision)),
                     Span(": " + TimelineFormat.oneLine(reason))]
        case let .retry(retry):
            kind = .retry
            spans = Self.spans(for: retry, now: now)
        case let .retrySkipped(reason):
            kind = .retrySkipped
            spans = [Span("retry skipped: " + TimelineFormat.oneLine(reason), TimelineStyle.retry)]
        case let .withheld(origin, headers):
            kind = .withheld
            spans = [Span("credentials withheld from \(TimelineFormat.oneLine(origin)): ", TimelineStyle.retry),
                     Span(TimelineFormat.oneLine(headers.joined(separator: ", ")))]
        case let .alternate(method, url, result):
            kind = .alternate
            let request = [method, TimelineFormat.short(url, base: self.url)].filter { !$0.isEmpty }.joined(separator: " ")
            spans = [Span(request.isEmpty ? "↳ alt" : "↳ alt " + request, TimelineStyle.side)]
                + Self.spans(for: result, inFlight: inFlight, leading: true)
        case let .task(result):
            kind = .task
            var taskSpans = [Span("↳ task", TimelineStyle.side)]
            switch result {
            case nil: if inFlight { taskSpans.append(Span(" …", TimelineStyle.dim)) }
            case .finished: taskSpans.append(Span(" → done", TimelineStyle.side))
            case .failed(let message): taskSpans.append(Span(" ✗ " + TimelineFormat.oneLine(message), TimelineStyle.failure))
            }
            spans = taskSpans
        case let .said(saidKind, text, failed):
            kind = saidKind
            let symbol = saidKind == .webSocket ? "⇄ " : "⚿ "
            spans = [Span(symbol + TimelineFormat.oneLine(text), failed ? TimelineStyle.failure : TimelineStyle.side)]
        case let .capture(name, value):
            kind = .capture
            spans = [Span("⇢ \(name) = ", TimelineStyle.side), Span(TimelineFormat.oneLine(value))]
        case let .assertion(passed, claim, found):
            kind = .assertion
            spans = passed ? [Span("✓ ", TimelineStyle.success), Span(TimelineFormat.oneLine(claim))]
                : [Span("✗ ", TimelineStyle.failure), Span(TimelineFormat.oneLine(claim)), Span(", " + TimelineFormat.oneLine(found), TimelineStyle.failure)]
        case let .stream(stream):
            kind = .stream
            spans = Self.spans(for: stream)
        case let .completed(status, attempts):
            kind = .completed
            spans = [Span("✓ \(status) after \(attempts) \(attempts == 1 ? "attempt" : "attempts")", TimelineStyle.success),
                     Span(" · " + TimelineFormat.duration(ms: entry.tMs), TimelineStyle.dim)]
        case let .failed(_, errorKind, message, _):
            kind = .failed
            spans = [Span("✗ failed: \(errorKind) — " + TimelineFormat.oneLine(message), TimelineStyle.failure)]
        case .cancelled:
            kind = .cancelled
            spans = [Span("✗ cancelled", TimelineStyle.retry), Span(" · " + TimelineFormat.duration(ms: entry.tMs), TimelineStyle.dim)]
        }
        return TimelineRow(exchange: id, kind: kind, indent: entry.indent, spans: spans, time: TimelineFormat.offset(ms: entry.tMs))
    }

    /// `≋ text/event-stream · 42 events · latest: tick 42`, or once it ended
    /// `≋ stream ended · 42 events · 1.2 KB`.
    private static func spans(for stream: Entry.Stream) -> [Span] {
        let count = "\(stream.events) \(stream.events == 1 ? "event" : "events")"
        guard let ending = stream.ending else {
            var spans = [Span("≋ " + TimelineFormat.oneLine(stream.contentType), TimelineStyle.side), Span(" · " + count)]
            if !stream.latest.isEmpty { spans.append(Span(" · latest: " + TimelineFormat.oneLine(String(stream.latest.prefix(200))), TimelineStyle.dim)) }
            return spans
        }
        return [Span("≋ stream \(ending.rawValue)", TimelineStyle.side),
                Span(" · \(count) · " + ResponseSummaryText.size(stream.bytes), TimelineStyle.dim)]
    }

    /// ` → 503 · 12 ms`, ` ✗ timeout: …`, or ` …` while the answer is awaited.
    private static func spans(for outcome: Entry.Outcome?, inFlight: Bool, leading: Bool) -> [Span] {
        let gap = leading ? " " : ""
        switch outcome {
        case nil:
            return inFlight ? [Span(gap + "…", TimelineStyle.dim)] : []
        case let .response(status, elapsedMs, encoded):
            var spans = [Span(gap + "→ ", TimelineStyle.dim), Span(String(status), TimelineStyle.status(status))]
            if let encoded {
                // Both sizes (SPEC §10): `200 · 1.2 MB (gzip 310 KB)`.
                let wire = "\(encoded.encoding.name) \(ResponseSummaryText.size(encoded.encoding.bytes))"
                spans.append(Span(" · \(ResponseSummaryText.size(encoded.bytes)) (\(wire))", TimelineStyle.dim))
            }
            if let elapsedMs { spans.append(Span(" · " + TimelineFormat.duration(ms: elapsedMs), TimelineStyle.dim)) }
            return spans
        case let .transport(kind, message):
            return [Span(gap + "✗ \(kind): " + TimelineFormat.oneLine(message), TimelineStyle.failure)]
        case let .error(status, message):
            let code = status.map { "\($0) " } ?? ""
            return [Span(gap + "✗ " + code + TimelineFormat.oneLine(message), TimelineStyle.failure)]
        }
    }

    /// `retry in 0.4 s · 0.3 s left (exponential)` while waiting; `retry after 0.4 s (exponential)`
    /// once the wait is over; `⟵ Retry-After` when the server chose the delay.
    /// An event stream's reconnect says so: `reconnect in 0.5 s · … (stream)`.
    private static func spans(for retry: Entry.Retry, now: Double) -> [Span] {
        let origin = switch retry.source {
        case .retryAfter: " ⟵ Retry-After"
        case .stream: " (stream)"
        case .strategy, .poll: " (\(TimelineFormat.strategy(retry.strategy)))"
        }
        let word = retry.source == .stream ? "reconnect" : "retry"
        let delay = TimelineFormat.delay(ms: retry.delayMs)
        if retry.delayMs <= 0 { return [Span(word + " at once" + origin, TimelineStyle.retry)] }
        switch retry.state {
        case .waiting where now < retry.endsAt:
            let left = min(retry.endsAt - now, retry.delayMs / 1000)
            // The countdown before the strategy: a narrow pane clips the strategy, not the countdown.
            return [Span("\(word) in \(delay)", TimelineStyle.retry),
                    Span(" · \(TimelineFormat.countdown(seconds: left)) left", TimelineStyle.countdown),
                    Span(origin, TimelineStyle.retry)]
        case .waiting, .elapsed:
            return [Span("\(word) after \(delay)" + origin, TimelineStyle.retry)]
        case .skipped:
            return [Span(word + " (wait skipped)", TimelineStyle.retry)]
        case .cancelled:
            return [Span("\(word) in \(delay)" + origin + " · cancelled", TimelineStyle.retry)]
        }
    }

    private static func style(_ decision: ClientEvent.Decision) -> Style {
        switch decision {
        case .retry: TimelineStyle.retry
        case .fail: TimelineStyle.failure
        case .next, .nextWithResponse: TimelineStyle.dim
        }
    }
}
