/// Cuts a line's spans into rows of a given width, for the wrap mode: rows break between
/// characters as `Screen.put` counts them (a wide character never splits).
public enum BodyWrap {
    /// At least one row (empty for an empty line), at most `maxRows`.
    public static func rows(_ spans: [Span], width: Int, maxRows: Int = 200) -> [[Span]] {
        let width = max(1, width)
        var rows: [[Span]] = []
        var row: [Span] = []
        var text = ""
        var used = 0
        for span in spans {
            for character in span.text {
                let columns = CellWidth.of(character)
                if used + columns > width, used > 0 {
                    if !text.isEmpty { row.append(Span(text, span.style)) }
                    rows.append(row)
                    if rows.count == maxRows { return rows }
                    row = []
                    text = ""
                    used = 0
                }
                text.append(character)
                used += columns
            }
            if !text.isEmpty { row.append(Span(text, span.style)) }
            text = ""
        }
        rows.append(row)
        return rows
    }

    /// How many rows `rows(spans, width:)` makes, without building them.
    public static func rowCount(_ spans: [Span], width: Int, maxRows: Int = 200) -> Int {
        let width = max(1, width)
        var count = 1, used = 0
        for span in spans {
            for character in span.text {
                let columns = CellWidth.of(character)
                if used + columns > width, used > 0 {
                    count += 1
                    if count == maxRows { return count }
                    used = 0
                }
                used += columns
            }
        }
        return count
    }
}
