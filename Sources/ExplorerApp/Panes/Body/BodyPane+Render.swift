import TUICore

extension BodyPane {
    /// The title carries the kind and its check ("Body · JSON ✓", "Body · JSON ✗ 3:5 expected
    /// ','"); the editor fills the inside, invalid form lines in red and the JSON error's
    /// character marked; the cursor's line:column sits in the bottom border.
    public func render(into screen: inout Screen, area: Rect, focused: Bool) {
        // A JSON message too long for the title moves to the bottom border.
        let fits = CellWidth.of(title) + 4 <= area.width
        let inner = PaneFrame.draw(fits ? title : shortTitle, in: area, focused: focused, on: &screen)
        guard inner.width > 0, inner.height > 0 else { return }
        if !fits, case .invalid(_, _, let message) = jsonResult, area.width > 4 {
            let bottom = area.row + area.height - 1
            screen.put(LineField.spans(" \(message) ", width: area.width - 2, style: PaneFrame.error),
                       row: bottom, column: area.column + 1, limit: area.width - 2)
        }
        guard kind != .none else {
            let hints = ["No body.", "Type to start one,", "Ctrl+T: kind, Ctrl+E: $EDITOR"]
            for (offset, hint) in hints.prefix(inner.height).enumerated() {
                screen.put(hint, row: inner.row + offset, column: inner.column, style: PaneFrame.muted, limit: inner.width)
            }
            return
        }
        if editor.isEmpty {
            screen.put(placeholder, row: inner.row, column: inner.column, style: PaneFrame.muted, limit: inner.width)
        }
        let cursor = editor.render(into: &screen, area: inner) { row in
            lineProblems[row] != nil ? Style(foreground: .red) : serverErrors[row] != nil ? Style(foreground: .yellow) : Style()
        }
        if case .invalid(let line, let column, _) = jsonResult,
           let spot = editor.screenPosition(of: TextBuffer.Position(row: line - 1, column: column - 1), in: inner) {
            // The offending character, or the spot where one is missing.
            var cell = screen[spot.row, spot.column]
            cell.style = Style(foreground: .red, reverse: true)
            screen[spot.row, spot.column] = cell
        }
        if focused { screen.cursor = cursor }
        let position = " \(editor.cursor.row + 1):\(editor.cursor.column + 1) "
        let bottom = area.row + area.height - 1
        let width = CellWidth.of(position)
        if area.width >= width + 8, fits {
            screen.put(position, row: bottom, column: area.column + area.width - 1 - width, style: PaneFrame.muted)
        }
    }

    /// "Body · none", "Body · JSON ✓", "Body · JSON ✗ 3:5 expected ','", "Body · form ✗ line 2".
    public var title: String {
        var title = "Body · " + kind.label
        switch kind {
        case .json:
            switch jsonResult {
            case .valid: title += " ✓"
            case .empty: break
            case .invalid(let line, let column, let message): title += " ✗ \(line):\(column) \(message)"
            }
        case .form, .multipart:
            if let first = lineProblems.keys.min() { title += " ✗ line \(first + 1)" }
        case .graphql where showsVariables:
            title += " variables" + (variablesProblem.map { " ✗ " + $0.dropFirst("GraphQL variables ".count) } ?? " ✓") + " (Ctrl+V: the query)"
        case .graphql:
            if let first = lineProblems.keys.min() { title += " ✗ " + (lineProblems[first] ?? "") } else if !editor.text.isEmpty { title += " ✓" }
        case .none, .raw:
            break
        }
        return title
    }

    /// The title without the JSON message, for a narrow pane: "Body · JSON ✗ 3:5".
    var shortTitle: String {
        guard kind == .json, case .invalid(let line, let column, _) = jsonResult else { return title }
        return "Body · JSON ✗ \(line):\(column)"
    }

    /// What an empty editor shows, greyed, where the text will go.
    var placeholder: String {
        switch kind {
        case .none, .raw: "raw text, sent as it is"
        case .json: "{\"type\": \"JSON\"}"
        case .form: "name=value, one per line"
        case .multipart: "name=value or name=@file"
        case .graphql: "query { field }"
        }
    }
}
