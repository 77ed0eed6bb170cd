/// Undo and redo. A step is a snapshot of the lines and cursor taken before an edit; lines are
/// copy-on-write arrays, so a snapshot shares every line the edit does not touch. Consecutive
/// typing (or consecutive deleting) without moving the cursor in between is one step.
extension TextBuffer {
    struct Snapshot: Sendable, Equatable {
        var lines: [[Character]]
        var cursor: Position
    }

    /// What the last edit was, to decide whether the next one joins its step.
    enum EditKind: Sendable, Equatable { case typing, backspacing, deleting, other }

    struct History: Sendable, Equatable {
        static let limit = 500
        var undo: [Snapshot] = []
        var redo: [Snapshot] = []
        var lastKind: EditKind?
        /// Where the cursor was after the last edit: typing resumes the step only from there.
        var lastCursor: Position?
    }

    public var canUndo: Bool { !history.undo.isEmpty }
    public var canRedo: Bool { !history.redo.isEmpty }

    /// Records the state before an edit of `kind`, unless it continues the previous step.
    mutating func beginEdit(_ kind: EditKind) {
        let continues = kind != .other && history.lastKind == kind && history.lastCursor == cursor
        if !continues {
            history.undo.append(Snapshot(lines: storage, cursor: cursor))
            if history.undo.count > History.limit { history.undo.removeFirst(history.undo.count - History.limit) }
        }
        history.redo.removeAll()
        history.lastKind = kind
    }

    /// Marks the end of an edit: the text changed and the cursor is where typing may resume.
    mutating func endEdit() {
        history.lastCursor = cursor
        version += 1
        goalColumn = nil
        reveal()
    }

    /// Ends the current typing step: the next edit starts a new one (cursor moves call this).
    mutating func breakStep() {
        history.lastKind = nil
    }

    /// Ctrl+Z. Returns false when there is nothing to undo.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let snapshot = history.undo.popLast() else { return false }
        history.redo.append(Snapshot(lines: storage, cursor: cursor))
        restore(snapshot)
        return true
    }

    /// Ctrl+Y. Returns false when there is nothing to redo.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let snapshot = history.redo.popLast() else { return false }
        history.undo.append(Snapshot(lines: storage, cursor: cursor))
        restore(snapshot)
        return true
    }

    private mutating func restore(_ snapshot: Snapshot) {
        storage = snapshot.lines
        cursor = snapshot.cursor
        history.lastKind = nil
        goalColumn = nil
        version += 1
        reveal()
    }
}
