/// One decoded input from the terminal: what `update` sees, never a raw byte.
public enum Key: Sendable, Hashable {
    /// A printable character (never a control character).
    case character(Character)
    /// Ctrl plus a letter, lowercase: `.control("r")` is Ctrl+R. Ctrl+I, Ctrl+M, Ctrl+H and
    /// Ctrl+[ arrive as `.tab`, `.enter`, `.backspace` and `.escape`.
    case control(Character)
    case enter, tab, backTab, escape, backspace, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1…F12.
    case function(Int)
    /// Text pasted in one go (bracketed paste), newlines included.
    case paste(String)
    case mouse(Mouse)
}

/// A mouse action at a screen cell.
public struct Mouse: Sendable, Hashable {
    public enum Action: Sendable, Hashable { case press, wheelUp, wheelDown }

    public var action: Action
    public var row: Int
    public var column: Int

    public init(_ action: Action, row: Int, column: Int) {
        self.action = action
        self.row = row
        self.column = column
    }
}
