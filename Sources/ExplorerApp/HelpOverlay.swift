import TUICore

/// The help overlay: the whole binding table in a box over the panes, scrollable when the
/// window is short.
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
        case .mouse(let mouse) where mouse.action == .wheelUp: scroll = max(0, scroll - 3)
        case .mouse(let mouse) where mouse.action == .wheelDown: scroll += 3
        default: break
        }
        return .handled
    }

    static let keyColumn = Style(foreground: .cyan, bold: true)

    /// The table as lines: a heading per section, then `keys  action` rows.
    static func lines(keyWidth: Int) -> [[Span]] {
        var lines: [[Span]] = []
        for section in KeyBindings.sections {
            if !lines.isEmpty { lines.append([]) }
            lines.append([Span(section.title, Style(bold: true, underline: true))])
            for binding in section.bindings {
                let padding = String(repeating: " ", count: max(1, keyWidth - CellWidth.of(binding.keys)))
                lines.append([Span("  " + binding.keys, keyColumn), Span(padding + binding.action)])
            }
        }
        return lines
    }

    public func render(into screen: inout Screen, bounds: Rect) {
        let width = min(bounds.width - 2, 96)
        let height = bounds.height - 2
        guard width >= 20, height >= 5 else { return }
        let rect = Rect(row: bounds.row + 1, column: bounds.column + (bounds.width - width) / 2, width: width, height: height)
        let inner = PaneFrame.draw("Help — Esc, F1 or ? to close", in: rect, focused: true, on: &screen)
        let keyWidth = min(34, max(12, inner.width / 2 - 2))
        let lines = Self.lines(keyWidth: keyWidth)
        let top = min(scroll, max(0, lines.count - inner.height))
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
