/// A multi-line text editor: the request body. Lines are arrays of characters so the cursor
/// indexes them in O(1) and a keystroke costs O(length of one line), also in a 1 MB body;
/// undo snapshots share unchanged lines (copy on write), so a step costs O(number of lines).
public struct TextBuffer: Sendable, Equatable {
    /// A place in the text: row and column, both 0-based, the column in characters.
    public struct Position: Sendable, Hashable, Comparable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
        public static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.row, lhs.column) < (rhs.row, rhs.column)
        }
    }

    /// The size of the area the buffer is shown in: editing keys keep the cursor inside it and
    /// PageUp/PageDown move by it. Rendering corrects for another size, so a stale hint only
    /// costs smoothness.
    public struct ViewSize: Sendable, Hashable {
        public var rows: Int
        public var columns: Int
        public init(rows: Int, columns: Int) {
            self.rows = max(1, rows)
            self.columns = max(1, columns)
        }
    }

    /// Columns a tab takes on screen.
    public static let tabWidth = 4

    /// Never empty: an empty text is one empty line.
    var storage: [[Character]] = [[]]
    public internal(set) var cursor = Position(row: 0, column: 0)
    /// The first visible row.
    public internal(set) var top = 0
    /// The first visible display column.
    public internal(set) var left = 0
    public var viewSize = ViewSize(rows: 8, columns: 40)
    /// Grows by one on every change to the text (not to the cursor): a cheap "did it change".
    public internal(set) var version = 0

    var history = History()
    /// The display column Up/Down aim for, kept across short lines.
    var goalColumn: Int?

    public init(_ text: String = "") {
        storage = Self.split(text)
    }

    /// The whole text, lines joined by LF. Setting it starts over: cursor at the start, no undo.
    public var text: String {
        get { Self.join(storage) }
        set {
            storage = Self.split(newValue)
            cursor = Position(row: 0, column: 0)
            top = 0
            left = 0
            goalColumn = nil
            history = History()
            version += 1
        }
    }

    public var lineCount: Int { storage.count }
    public var isEmpty: Bool { storage.count == 1 && storage[0].isEmpty }
    public func line(_ row: Int) -> String { String(storage[row]) }
    public func characters(ofLine row: Int) -> [Character] { storage[row] }

    /// Total characters, line breaks counted.
    public var count: Int { storage.reduce(storage.count - 1) { $0 + $1.count } }

    /// Splits text into lines, treating CRLF and a lone CR as LF.
    static func split(_ text: String) -> [[Character]] {
        var lines: [[Character]] = []
        var current: [Character] = []
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" {
                lines.append(current)
                current = []
            } else {
                current.append(character)
            }
        }
        lines.append(current)
        return lines
    }

    /// Joins lines with LF, through UTF-8 bytes: appending Characters to a String one by one
    /// is several times slower, and the Body pane joins on every keystroke to check JSON.
    static func join(_ lines: [[Character]]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(lines.count) { $0 + $1.count })
        for (index, line) in lines.enumerated() {
            if index > 0 { bytes.append(0x0A) }
            for character in line {
                let utf8 = character.utf8
                if utf8.count == 1, let byte = utf8.first { bytes.append(byte) } else { bytes.append(contentsOf: utf8) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
