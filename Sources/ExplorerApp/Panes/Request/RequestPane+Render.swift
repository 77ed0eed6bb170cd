import TUICore

extension RequestPane {
    /// Line 1: method and URL. Line 2: the profile and its base URL (or its status), with the
    /// ready-request hint — or the URL's problem — on the right.
    public func render(into screen: inout Screen, area: Rect, focused: Bool) {
        let inner = PaneFrame.draw("Request", in: area, focused: focused, on: &screen)
        guard inner.width > 0, inner.height > 0 else { return }
        screen.put(method, row: inner.row, column: inner.column, style: Self.style(forMethod: method),
                   limit: min(inner.width, Self.methodColumns - 1))
        let urlColumn = inner.column + Self.methodColumns
        let urlWidth = inner.column + inner.width - urlColumn
        if urlWidth > 0 {
            if url.isEmpty {
                screen.put("URL or /path — Enter sends", row: inner.row, column: urlColumn, style: PaneFrame.muted, limit: urlWidth)
                if focused { screen.cursor = Screen.Cursor(row: inner.row, column: urlColumn) }
            } else {
                let rendered = url.render(width: urlWidth)
                screen.put(rendered.spans, row: inner.row, column: urlColumn, limit: urlWidth)
                if focused { screen.cursor = Screen.Cursor(row: inner.row, column: urlColumn + rendered.cursorColumn) }
            }
        }
        if inner.height >= 2 { renderStatusLine(into: &screen, row: inner.row + 1, inner: inner) }
    }

    /// The profile on the left; on the right the URL's problem if any, else the Ctrl+N hint.
    /// When both do not fit, the profile wins.
    private func renderStatusLine(into screen: inout Screen, row: Int, inner: Rect) {
        var profile: [Span] = []
        if !profileName.isEmpty { profile.append(Span(profileName, Style(bold: true))) }
        let target = baseURL ?? profileStatus
        if !target.isEmpty { profile.append(Span((profile.isEmpty ? "" : " · ") + target, PaneFrame.muted)) }
        let used = screen.put(profile, row: row, column: inner.column, limit: inner.width)

        let right: Span?
        if let problem = problems.first, !url.isEmpty {
            right = Span("✗ " + problem, PaneFrame.error)
        } else if let hint = readyHint {
            right = Span(hint, PaneFrame.muted)
        } else {
            right = nil
        }
        guard let right else { return }
        let room = inner.width - used - 2
        guard room >= 8 else { return }
        let width = min(CellWidth.of(right.text), room)
        screen.put(right.text, row: row, column: inner.column + inner.width - width, style: right.style, limit: width)
    }

    /// "Ctrl+N: next ready request (flaky 2/3)".
    var readyHint: String? {
        guard !readyRequests.isEmpty else { return nil }
        guard let index = readyIndex, readyRequests.indices.contains(index) else {
            return "Ctrl+N: ready requests (\(readyRequests.count))"
        }
        return "Ctrl+N: next ready request (\(readyRequests[index].name ?? readyRequests[index].summary) \(index + 1)/\(readyRequests.count))"
    }

    /// Methods in the colours clients commonly give them: reads green, writes yellow and blue,
    /// DELETE red.
    static func style(forMethod method: String) -> Style {
        switch method.uppercased() {
        case "GET": Style(foreground: .green, bold: true)
        case "POST": Style(foreground: .yellow, bold: true)
        case "PUT", "PATCH": Style(foreground: .blue, bold: true)
        case "DELETE": Style(foreground: .red, bold: true)
        default: Style(foreground: .cyan, bold: true)
        }
    }
}
