import TUICore

extension AppState {
    /// The whole screen for this state. Pure: tests read its lines; the terminal copies it.
    public func render(now: Double) -> Screen {
        // Only the focused pane sets the text cursor.
        var screen = Screen(width: width, height: height)
        let layout = layout
        if layout.isTooSmall {
            renderTooSmall(into: &screen)
            return screen
        }
        request.render(into: &screen, area: layout.request, focused: focus == .request)
        headers.render(into: &screen, area: layout.headers, focused: focus == .headers)
        body.render(into: &screen, area: layout.body, focused: focus == .body)
        response.render(into: &screen, area: layout.response, focused: focus == .response)
        timeline.render(into: &screen, area: layout.timeline, focused: focus == .timeline, now: now)
        StatusBar(state: self, now: now).render(into: &screen, area: layout.statusBar)
        switch overlay {
        case .help(let help): help.render(into: &screen, bounds: overlayBounds)
        case .palette(let palette): palette.render(into: &screen, bounds: overlayBounds)
        case .confirmQuit: renderQuestion("Quit?", "Quit and lose the unsaved request?", keys: "y quits, any other key stays", into: &screen)
        case .list(_, let list):
            screen.cursor = nil
            list.render(into: &screen, bounds: overlayBounds)
        case .prompt(_, let prompt):
            screen.cursor = nil
            prompt.render(into: &screen, bounds: overlayBounds)
        case .confirm(let purpose):
            renderQuestion("Sure?", purpose.question, keys: "y yes, any other key no", into: &screen)
        case .profileForm(let form):
            screen.cursor = nil
            form.render(into: &screen, bounds: overlayBounds)
        case .parameters(let form):
            screen.cursor = nil
            form.render(into: &screen, bounds: overlayBounds)
        case .auth(let auth):
            screen.cursor = nil
            auth.render(into: &screen, bounds: overlayBounds, now: now)
        case nil: break
        }
        // A dialog over the panes hides the focused field's cursor (the palette sets its own).
        switch overlay {
        case .help, .confirmQuit, .confirm: screen.cursor = nil
        default: break
        }
        return screen
    }

    /// Where the help and the palette go: over the panes, the status bar left visible.
    var overlayBounds: Rect { Rect(row: 0, column: 0, width: width, height: height - 1) }

    /// `fresh` for list `kind`, made again from what changed under it, if it is open; its
    /// selection kept.
    mutating func refresh(_ kind: ListKind, with fresh: ListOverlay) {
        guard case .list(kind, let open) = overlay else { return }
        var fresh = fresh
        fresh.select(open.selection)
        overlay = .list(kind, fresh)
    }

    /// The size message; the quit question instead while it is asked (Ctrl+Q works here, so
    /// its question must show here too).
    private func renderTooSmall(into screen: inout Screen) {
        let lines = overlay == .confirmQuit ? [
            "Quit and lose the unsaved request?",
            "y quits, any other key stays",
        ] : [
            "Window too small: \(width)×\(height).",
            "explorer needs at least \(Layout.minimumWidth)×\(Layout.minimumHeight).",
            "Enlarge it, or Ctrl+Q to quit.",
        ]
        let top = max(0, (height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            screen.put(line, row: top + offset, column: max(0, (width - CellWidth.of(line)) / 2), style: offset == 0 ? Style(bold: true) : Style())
        }
    }

    /// One line when it fits, else the question and the keys on two (at the minimum width).
    private func renderQuestion(_ title: String, _ question: String, keys: String, into screen: inout Screen) {
        let oneLine = question + " " + keys
        let lines = CellWidth.of(oneLine) + 4 <= self.width - 4 ? [oneLine] : [question, keys]
        let width = min(self.width - 4, (lines.map { CellWidth.of($0) }.max() ?? 0) + 4)
        let rect = Rect(row: height / 2 - 2, column: (self.width - width) / 2, width: width, height: lines.count + 2)
        let inner = PaneFrame.draw(title, in: rect, focused: true, on: &screen)
        for (offset, line) in lines.enumerated() {
            screen.put(line, row: inner.row + offset, column: inner.column + 1, limit: inner.width - 1)
        }
    }
}
