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
        case .help(let help): help.render(into: &screen, bounds: Rect(row: 0, column: 0, width: width, height: height - 1))
        case .palette(let palette): palette.render(into: &screen, bounds: Rect(row: 0, column: 0, width: width, height: height - 1))
        case .confirmQuit: renderConfirmQuit(into: &screen)
        case nil: break
        }
        if case .help = overlay { screen.cursor = nil }
        return screen
    }

    private func renderTooSmall(into screen: inout Screen) {
        let lines = [
            "Window too small: \(width)×\(height).",
            "explorer needs at least \(Layout.minimumWidth)×\(Layout.minimumHeight).",
            "Enlarge it, or Ctrl+Q to quit.",
        ]
        let top = max(0, (height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            screen.put(line, row: top + offset, column: max(0, (width - CellWidth.of(line)) / 2), style: offset == 0 ? Style(bold: true) : Style())
        }
    }

    private func renderConfirmQuit(into screen: inout Screen) {
        let text = "Quit and lose the unsaved request? y quits, any other key stays"
        let width = min(self.width - 4, CellWidth.of(text) + 4)
        let rect = Rect(row: height / 2 - 2, column: (self.width - width) / 2, width: width, height: 3)
        let inner = PaneFrame.draw("Quit?", in: rect, focused: true, on: &screen)
        screen.put(text, row: inner.row, column: inner.column + 1, limit: inner.width - 1)
    }
}
