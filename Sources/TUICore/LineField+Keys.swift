/// Keys a single-line field answers to. Home/End rather than Ctrl+A/Ctrl+E: Ctrl+E belongs to
/// the Body pane ($EDITOR), and one set of bindings for every text field is easier to learn.
extension LineField {
    /// Applies `key`; false when the field has no use for it (the pane or the app may).
    /// A paste is inserted as it is; a pane that wants it trimmed calls `paste(_:trimming:)`.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(character)
        case .paste(let text): insert(text)
        case .backspace: backspace()
        case .delete: deleteForward()
        case .left: moveLeft()
        case .right: moveRight()
        case .home: moveHome()
        case .end: moveEnd()
        case .control("u"): clearToStart()
        case .control("k"): killToEnd()
        case .control("w"): deleteWordBackward()
        default: return false
        }
        return true
    }
}
