/// The terminal as a grid of cells in memory. Panes draw here; one small renderer copies the
/// grid to ncurses, and tests read it back as lines.
public struct Screen: Sendable, Equatable {
    public struct Cell: Sendable, Hashable {
        /// One grapheme; a wide one is followed by a `continuation` cell.
        public var character: Character
        public var style: Style
        /// The right half of a wide character: the renderer skips it.
        public var isContinuation = false

        public static let blank = Cell(character: " ", style: Style())
    }

    /// Where the terminal's cursor goes (a focused text field sets it); hidden when nil.
    public struct Cursor: Sendable, Hashable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    public let width: Int
    public let height: Int
    public var cursor: Cursor?
    private var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Writes `text` from (row, column), clipped to `limit` columns (and the screen's edge),
    /// with every control character made visible first. Returns the columns used.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: Style = Style(), limit: Int? = nil) -> Int {
        guard row >= 0, row < height, column < width else { return 0 }
        let end = min(width, limit.map { column + $0 } ?? width)
        var x = column
        for character in TerminalText.sanitize(text) {
            let columns = CellWidth.of(character)
            if columns == 0 {
                // A combining mark joins the character before it.
                if x > column, x - 1 < width, x - 1 >= 0 { self[row, x - 1].character = Character(String(self[row, x - 1].character) + String(character)) }
                continue
            }
            guard x + columns <= end else {
                // A wide character that does not fit leaves a blank rather than half a glyph.
                guard x < end else { return x - column }
                if x >= 0 {
                    clearWideCharacters(row: row, from: x, count: 1)
                    self[row, x] = Cell(character: " ", style: style)
                }
                return x + 1 - column
            }
            if x >= 0 {
                clearWideCharacters(row: row, from: x, count: columns)
                self[row, x] = Cell(character: character, style: style)
                if columns == 2 { self[row, x + 1] = Cell(character: " ", style: style, isContinuation: true) }
            }
            x += columns
        }
        return x - column
    }

    /// Before cells from..<from+count are overwritten: a wide character cut in half by them (its
    /// right half inside, or its left half inside) loses its other half too, so no cell is left
    /// pointing at a glyph that is no longer there.
    private mutating func clearWideCharacters(row: Int, from column: Int, count: Int) {
        if self[row, column].isContinuation, column > 0 { self[row, column - 1] = Cell(character: " ", style: self[row, column - 1].style) }
        let after = column + count
        if after < width, self[row, after].isContinuation { self[row, after] = Cell(character: " ", style: self[row, after].style) }
    }

    /// Paints a rectangle with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style = Style()) {
        let clipped = rect.clipped(to: Rect(row: 0, column: 0, width: width, height: height))
        for row in clipped.rows where clipped.width > 0 {
            clearWideCharacters(row: row, from: clipped.column, count: clipped.width)
            for column in clipped.columns { self[row, column] = Cell(character: " ", style: style) }
        }
    }

    /// A single-line box around `rect` with `title` in its top edge.
    public mutating func box(_ rect: Rect, title: String, style: Style = Style(), titleStyle: Style = Style(bold: true)) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.column + rect.width - 1
        let bottom = rect.row + rect.height - 1
        for column in rect.column...right {
            put("─", row: rect.row, column: column, style: style)
            put("─", row: bottom, column: column, style: style)
        }
        for row in rect.row...bottom {
            put("│", row: row, column: rect.column, style: style)
            put("│", row: row, column: right, style: style)
        }
        put("┌", row: rect.row, column: rect.column, style: style)
        put("┐", row: rect.row, column: right, style: style)
        put("└", row: bottom, column: rect.column, style: style)
        put("┘", row: bottom, column: right, style: style)
        if rect.width > 4 { put(" \(title) ", row: rect.row, column: rect.column + 1, style: titleStyle, limit: rect.width - 2) }
    }

    /// Each row as text, trailing blanks trimmed (what tests compare).
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width where !self[row, column].isContinuation { line.append(self[row, column].character) }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}

/// A rectangle of cells.
public struct Rect: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var rows: Range<Int> { row..<(row + height) }
    public var columns: Range<Int> { column..<(column + width) }

    /// The part of this rectangle inside `bounds`.
    public func clipped(to bounds: Rect) -> Rect {
        let top = max(row, bounds.row), left = max(column, bounds.column)
        let bottom = min(row + height, bounds.row + bounds.height), right = min(column + width, bounds.column + bounds.width)
        return Rect(row: top, column: left, width: right - left, height: bottom - top)
    }

    /// The inside of a box drawn on this rectangle.
    public var inner: Rect { Rect(row: row + 1, column: column + 1, width: width - 2, height: height - 2) }
}

/// How a cell looks. Colours are the eight every terminal has; `NO_COLOR` drops them.
public struct Style: Sendable, Hashable {
    public enum Color: Int, Sendable, Hashable, CaseIterable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    public var foreground: Color?
    public var background: Color?
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool
    public var dim: Bool

    public init(foreground: Color? = nil, background: Color? = nil, bold: Bool = false, reverse: Bool = false,
                underline: Bool = false, dim: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
    }
}
