import TUICore

extension ResponsePane {
    static let activeTab = Style(bold: true, reverse: true)
    static let warning = Style(foreground: .yellow)

    /// Status row, tabs row, the body or headers, and a bottom row for the search prompt,
    /// a message or the key hints; rows drop from the bottom up as the pane shrinks.
    public func render(into screen: inout Screen, area: Rect, focused: Bool) {
        let inner = PaneFrame.draw("Response", in: area, focused: focused, on: &screen)
        guard inner.width > 0, inner.height > 0 else { return }
        let width = inner.width
        var rows = Array(inner.rows)
        let statusRow = rows.removeFirst()
        let footerRow = inner.height >= 4 ? rows.removeLast() : nil
        let filterRow = filter != nil && inner.height >= 5 ? rows.removeLast() : nil
        let tabsRow = inner.height >= 3 ? rows.removeFirst() : nil

        switch content {
        case .empty:
            screen.put("no response yet: Ctrl+R sends", row: statusRow, column: inner.column, style: PaneFrame.muted, limit: width)
        case .waiting:
            screen.put("waiting for the response…", row: statusRow, column: inner.column, style: PaneFrame.muted, limit: width)
            // A poll's progress shows while it waits.
            if let checks, checks.poll != nil {
                drawChecks(checks, in: Rect(row: statusRow + 1, column: inner.column, width: width, height: inner.height - 1), on: &screen)
            }
        case .failure(let text) where checks?.hasResults == true:
            screen.put(text, row: statusRow, column: inner.column, style: PaneFrame.error, limit: width)
            drawChecks(checks ?? ChecksView(), in: Rect(row: statusRow + 1, column: inner.column, width: width, height: inner.height - 1), on: &screen)
            return
        case .failure(let text):
            let lines = BodyWrap.rows([Span(text, PaneFrame.error)], width: width, maxRows: inner.height)
            for (row, line) in zip(inner.rows, lines) { screen.put(line, row: row, column: inner.column, limit: width) }
            return
        case .arriving(let arrival, let stopped):
            let webSocket = stream?.isWebSocket == true || arrival.status == 101
            var spans = [Span(String(arrival.status), TimelineStyle.status(arrival.status)),
                         Span(" · " + (webSocket ? stream?.contentType ?? "WebSocket" : arrival.progress))]
            if let stream { spans.append(Span(" · " + stream.countText)) }
            if stopped { spans.append(Span(" · stopped", Self.warning)) }
            screen.put(spans, row: statusRow, column: inner.column, limit: width)
            if let footerRow {
                let live = webSocket ? "open · Esc closes (1000) · in the Body pane Ctrl+S sends" : "receiving… Esc stops"
                let hint = stopped ? hint : live + (stream == nil ? "" : "  Enter show a row whole")
                screen.put(hint, row: footerRow, column: inner.column, style: PaneFrame.muted, limit: width)
            }
            let bodyRows = (tabsRow.map { [$0] } ?? []) + rows
            let area = Rect(row: bodyRows.first ?? inner.row, column: inner.column, width: width, height: bodyRows.count)
            if let stream { drawStream(stream, in: area, on: &screen) } else { drawBody(in: area, on: &screen) }
        case .response(let summary):
            screen.put(ResponseSummaryText.spans(summary), row: statusRow, column: inner.column, limit: width)
            if let tabsRow { drawTabs(summary, row: tabsRow, inner: inner, on: &screen) }
            let area = Rect(row: rows.first ?? inner.row, column: inner.column, width: width, height: rows.count)
            if tab == .checks, let checks {
                drawChecks(checks, in: area, on: &screen)
            } else if tab == .headers {
                drawHeaders(summary.headers, in: area, on: &screen)
            } else if let stream {
                drawStream(stream, in: area, on: &screen)
            } else {
                drawBody(in: area, on: &screen)
            }
        }
        if let filter {
            // Without room for both, the filter line takes the bottom row and its note goes.
            drawFilter(filter, lineRow: filterRow ?? footerRow, noteRow: filterRow == nil ? nil : footerRow,
                       inner: inner, focused: focused, on: &screen)
        }
        drawFooter(row: filter != nil && filterRow == nil ? nil : footerRow, inner: inner, focused: focused, on: &screen)
    }

    /// `Body  Headers (3)` with the active one reversed, then what the body is and how it shows.
    private func drawTabs(_ summary: ResponseSummary, row: Int, inner: Rect, on screen: inout Screen) {
        var spans = [
            Span(" Body ", tab == .body ? Self.activeTab : PaneFrame.muted),
            Span(" "),
            Span(" Headers (\(summary.headers.count)) ", tab == .headers ? Self.activeTab : PaneFrame.muted),
        ]
        if let checks {
            spans += [Span(" "), Span(" \(checks.label) ", tab == .checks ? Self.activeTab : checks.failedCount > 0 ? PaneFrame.error : PaneFrame.muted)]
        }
        if tab == .body, let stream {
            spans.append(Span("  " + stream.status, PaneFrame.muted))
        } else if tab == .body, let document {
            var words = [filter.map(Self.filterStatus) ?? describe(document)]
            if wrap { words.append("wrap") }
            if let indexing { words.append("indexing \(Int(indexing * 100))%") }
            spans.append(Span("  " + words.joined(separator: " · "), PaneFrame.muted))
        }
        screen.put(spans, row: row, column: inner.column, limit: inner.width)
    }

    /// The keys that matter here, naming what `p` and `t` switch to.
    var hint: String {
        if tab == .body, let stream {
            return stream.showsDetail ? "Enter/Esc back to the rows  t headers" : "Up/Down pick  Enter whole  / find  f filter  t headers"
        }
        guard tab == .body else { return nextTab == .checks ? "t checks  Up/Down scroll" : "t body  Up/Down scroll" }
        var words = ["/ search", "n/N", wrap ? "w unwrap" : "w wrap"]
        if let document, let other = document.availableLayouts.first(where: { $0 != document.layout }) {
            words.append(other == .raw ? "p raw" : other == .pretty ? "p pretty" : "p hex")
        }
        words.append("t headers")
        return words.joined(separator: "  ")
    }

    /// The Checks view's lines from `checksTop`.
    private func drawChecks(_ checks: ChecksView, in area: Rect, on screen: inout Screen) {
        guard area.height > 0, area.width > 0 else { return }
        for (offset, line) in checks.lines.dropFirst(checksTop).prefix(area.height).enumerated() {
            screen.put(line, row: area.row + offset, column: area.column, limit: area.width)
        }
    }

    private func describe(_ document: BodyDocument) -> String {
        switch (document.format, document.layout) {
        case (.json, .pretty): "JSON"
        case (.json, _): "JSON raw"
        case (.binary, .hex): "binary hex"
        case (.binary, _): "binary as text"
        case (.text, _): "text"
        }
    }

    /// The prompt while searching, else a message, else why JSON shows as text, else hints.
    private func drawFooter(row footerRow: Int?, inner: Rect, focused: Bool, on screen: inout Screen) {
        if let field = searchField {
            // Without a bottom row the prompt takes the last row there is.
            let row = footerRow ?? inner.row + inner.height - 1
            screen.fill(Rect(row: row, column: inner.column, width: inner.width, height: 1))
            let used = screen.put("/" + field, row: row, column: inner.column, limit: inner.width)
            if focused { screen.cursor = Screen.Cursor(row: row, column: inner.column + min(used, inner.width - 1)) }
            return
        }
        guard let row = footerRow, filter == nil || message != nil else { return }
        if message == nil, tab == .body, let stream, let rowFilter = stream.rowFilter {
            return drawRowFilter(rowFilter, of: stream, row: row, inner: inner, focused: focused, on: &screen)
        }
        if let message {
            screen.put(message, row: row, column: inner.column, style: Self.warning, limit: inner.width)
        } else if tab == .body, let error = document?.jsonError {
            screen.put(error, row: row, column: inner.column, style: Self.warning, limit: inner.width)
        } else if summary != nil {
            // `f filter` comes last, and only whole (it is in the help too).
            let filterHint = hint + "  f filter"
            let wide = tab == .body && document?.format == .json && CellWidth.of(filterHint) <= inner.width
            screen.put(wide ? filterHint : hint, row: row, column: inner.column, style: PaneFrame.muted, limit: inner.width)
        }
    }
}
