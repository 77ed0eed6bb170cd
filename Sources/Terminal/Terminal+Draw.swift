import CNcurses
import Glibc
import TUICore

/// Copying the grid to ncurses: only cells that changed since the last frame are written, and
/// one refresh sends the frame.
extension Terminal {
    public func draw(_ screen: Screen) {
        let rows = min(screen.height, Int(cn_getmaxy(window)))
        let columns = min(screen.width, Int(cn_getmaxx(window)))
        let last = previous.flatMap { $0.width == screen.width && $0.height == screen.height ? $0 : nil }
        if last == nil {
            werase(window)
            // A new size (or a resume) leaves the terminal's picture unknown: repaint all of it.
            if previous != nil { clearok(window, true) }
        }
        // changed[c + 1] is column c; the two ends stand for the columns beyond the edges.
        var changed = [Bool](repeating: true, count: columns + 2)
        if last != nil {
            changed[0] = false
            changed[columns + 1] = false
        }
        for row in 0..<rows {
            if let last {
                for column in 0..<columns { changed[column + 1] = last[row, column] != screen[row, column] }
            }
            // How a cell shows depends on its neighbours (a wide character needs its right half, a
            // right half its wide character), and ncurses blanks the other half of a wide
            // character it overwrites: so the neighbours of a changed cell are written too, left
            // to right.
            for column in 0..<columns where changed[column] || changed[column + 1] || changed[column + 2] {
                put(screen[row, column], in: screen, row: row, column: column, columns: columns)
            }
        }
        if let cursor = screen.cursor, (0..<rows).contains(cursor.row), (0..<columns).contains(cursor.column) {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            showCursor(1)
        } else {
            showCursor(0)
        }
        wrefresh(window)
        previous = screen
    }

    private func showCursor(_ visibility: Int32) {
        guard cursorVisibility != visibility else { return }
        cursorVisibility = visibility
        curs_set(visibility)
    }

    /// Writes one cell. The grid is trusted but checked, so the terminal's cursor never drifts
    /// from the grid: a control character and a width the C library disagrees with become '?',
    /// a wide character without its right half (or at the edge) and an orphaned right half a blank.
    private func put(_ cell: Screen.Cell, in screen: Screen, row: Int, column: Int, columns: Int) {
        let pair = colors.pair(for: cell.style)
        let attributes = TerminalColors.attributes(for: cell.style)
        if cell.isContinuation {
            let wideLeft = column > 0 && !screen[row, column - 1].isContinuation
                && Self.cellText(screen[row, column - 1].character).width == 2
            if !wideLeft { write([0x20, 0], row: row, column: column, attributes: attributes, pair: pair) }
            return
        }
        let hasRightHalf = column + 1 < columns && screen[row, column + 1].isContinuation
        var (text, width) = Self.cellText(cell.character)
        if width == 1 && hasRightHalf {
            // The C library thinks it narrow: write it and blank the right half so columns stay put.
            write(text, row: row, column: column, attributes: attributes, pair: pair)
            write([0x20, 0], row: row, column: column + 1, attributes: attributes, pair: pair)
            return
        }
        if width != (hasRightHalf ? 2 : 1) {
            // A wide character whose right half was overwritten shows as a blank, as terminals
            // show it; a character the C library measures differently, as '?'.
            text = !hasRightHalf && CellWidth.of(cell.character) == 2 ? [0x20, 0] : [0x3F, 0]
        }
        write(text, row: row, column: column, attributes: attributes, pair: pair)
    }

    private func write(_ text: [wchar_t], row: Int, column: Int, attributes: attr_t, pair: Int16) {
        text.withUnsafeBufferPointer { buffer in
            _ = cn_put_cell(window, Int32(row), Int32(column), buffer.baseAddress, attributes, pair)
        }
    }

    /// A cell's character as ncurses wants it: the base character and up to three combining
    /// marks, NUL-terminated, with the width the C library gives the base (-1 for controls).
    static func cellText(_ character: Character) -> (text: [wchar_t], width: Int) {
        let scalars = character.unicodeScalars
        guard let base = scalars.first, !TerminalText.needsReplacing(base) else { return ([0x3F, 0], 1) }
        var text: [wchar_t] = [wchar_t(bitPattern: base.value)]
        for mark in scalars.dropFirst() where text.count < 4 {
            switch mark.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                if cn_wcwidth(wchar_t(bitPattern: mark.value)) == 0 { text.append(wchar_t(bitPattern: mark.value)) }
            default:
                break  // the rest of an emoji sequence: the base stands for all of it
            }
        }
        text.append(0)
        return (text, Int(cn_wcwidth(wchar_t(bitPattern: base.value))))
    }
}
