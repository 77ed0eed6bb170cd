import TUICore

/// The help overlay: the whole binding table in a box over the panes, scrollable when the
/// window is short. Actions too long for their column wrap under it, so every binding is read
/// whole at 80×24 and at the minimum size.
public struct HelpOverlay: Sendable, Equatable {
    public var scroll = 0

    public init() {}

    public enum Outcome: Sendable, Equatable { case handled, close }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape, .function(1), .character("?"), .character("q"), .enter: return .close
        case .up, .character("k"): scroll = max(0, scroll - 1)
        case .down, .character("j"): scroll += 1
        case .pageUp: scroll = max(0, scroll - 10)
        case .pageDown, .character(" "): scroll += 10
        case .home: scroll = 0
        case .end: scroll = Int.max / 2
        case .mouse(let mouse) where mouse.action == .wheelUp: scroll = max(0, scroll - 3)
        case .mouse(let mouse) where mouse.action == .wheelDown: scroll += 3
        default: break
        }
        return .handled
    }

    /// Keeps the scroll within the table as shown in `bounds` (the app calls it after every key
    /// and resize), so Up moves at once after scrolling past the end.
    public mutating func fit(_ bounds: Rect) {
        guard let inner = Self.frame(in: bounds)?.inner else { return }
        scroll = min(max(0, scroll), max(0, Self.lines(width: inner.width).count - inner.height))
    }

    static let keyColumn = Style(foreground: .cyan, bold: true)

    /// The box in `bounds`, or nil when there is no room for a useful one.
    static func frame(in bounds: Rect) -> Rect? {
        let width = min(bounds.width - 2, 96)
        let height = bounds.height - 2
        guard width >= 20, height >= 5 else { return nil }
        return Rect(row: bounds.row + 1, column: bounds.column + (bounds.width - width) / 2, width: width, height: height)
    }

    /// The table as lines for an inside `width` columns wide: a heading per section, then
    /// `keys  action` rows; an action wraps in its column, and keys wider than their column
    /// get a line of their own.
    static func lines(width: Int) -> [[Span]] {
        let keyWidth = min(34, max(12, width / 2 - 2))
        let actionColumn = 2 + keyWidth
        let actionWidth = max(8, width - 1 - actionColumn)
        var lines: [[Span]] = []
        for section in KeyBindings.sections {
            if !lines.isEmpty { lines.append([]) }
            lines.append([Span(section.title, Style(bold: true, underline: true))])
            for binding in section.bindings {
                var actions = CellWidth.wrap(binding.action, width: actionWidth)
                let keysWidth = CellWidth.of(binding.keys)
                if keysWidth < keyWidth, !actions.isEmpty {
                    let padding = String(repeating: " ", count: keyWidth - keysWidth)
                    lines.append([Span("  " + binding.keys, keyColumn), Span(padding + actions.removeFirst())])
                } else {
                    lines.append([Span("  " + binding.keys, keyColumn)])
                }
                let indent = String(repeating: " ", count: actionColumn)
                lines += actions.map { [Span(indent + $0)] }
            }
        }
        return lines
    }

    public func render(into screen: inout Screen, bounds: Rect) {
        guard let rect = Self.frame(in: bounds) else { return }
        let inner = PaneFrame.draw("Help — Esc, F1 or ? to close", in: rect, focused: true, on: &screen)
        let lines = Self.lines(width: inner.width)
        let top = min(max(0, scroll), max(0, lines.count - inner.height))
        for (offset, line) in lines.dropFirst(top).prefix(inner.height).enumerated() {
            screen.put(line, row: inner.row + offset, column: inner.column + 1, limit: inner.width - 1)
        }
        if lines.count > inner.height {
            let position = "\(top + 1)–\(min(lines.count, top + inner.height)) of \(lines.count) ↑↓"
            screen.put(" \(position) ", row: rect.row + rect.height - 1, column: rect.column + rect.width - CellWidth.of(position) - 4,
                       style: PaneFrame.muted)
        }
    }
}
