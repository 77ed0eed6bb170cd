import TUICore

/// A one-line question over the panes ("Save the session as:"): a text field, Enter submits,
/// Esc cancels. A refused answer keeps the prompt open with the reason under the field.
public struct PromptOverlay: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable { case handled, close, submit(String) }

    public var title: String
    public var label: String
    public var field: LineField
    /// Why the last answer was refused (shown in red under the field).
    public var problem: String?

    public init(title: String, label: String, text: String = "") {
        self.title = title
        self.label = label
        field = LineField(text, width: 40)
    }

    public var text: String { field.text }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .close
        case .enter: return .submit(field.text)
        case .paste(let text): field.paste(text, trimming: true)
        default: field.handle(key)
        }
        problem = nil
        return .handled
    }

    static func frame(in bounds: Rect) -> Rect? {
        let width = min(bounds.width - 4, 64)
        guard width >= 20, bounds.height >= 7 else { return nil }
        return Rect(row: bounds.row + max(1, bounds.height / 2 - 3), column: bounds.column + (bounds.width - width) / 2, width: width, height: 5)
    }

    public func render(into screen: inout Screen, bounds: Rect) {
        guard let rect = Self.frame(in: bounds) else { return }
        let inner = PaneFrame.draw(title, in: rect, focused: true, on: &screen)
        let labelWidth = screen.put(label + " ", row: inner.row, column: inner.column + 1, style: PaneFrame.title, limit: inner.width - 1)
        let fieldColumn = inner.column + 1 + labelWidth
        let fieldWidth = inner.column + inner.width - 1 - fieldColumn
        if fieldWidth > 0 {
            let rendered = field.render(width: fieldWidth)
            screen.put(rendered.spans, row: inner.row, column: fieldColumn, limit: fieldWidth)
            screen.cursor = Screen.Cursor(row: inner.row, column: fieldColumn + rendered.cursorColumn)
        }
        if let problem {
            screen.put("✗ " + problem, row: inner.row + 1, column: inner.column + 1, style: PaneFrame.error, limit: inner.width - 1)
        }
        screen.put("Enter confirms · Esc cancels", row: inner.row + 2, column: inner.column + 1, style: PaneFrame.muted, limit: inner.width - 1)
    }
}
