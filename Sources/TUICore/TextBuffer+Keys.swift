/// Keys the multi-line editor answers to. Ctrl+E and Ctrl+T are left to the pane.
extension TextBuffer {
    /// Applies `key`; false when the editor has no use for it.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(character)
        case .paste(let text): insert(text: text)
        case .enter: splitLine()
        case .backspace: backspace()
        case .delete: deleteForward()
        case .left: moveLeft()
        case .right: moveRight()
        case .up: moveUp()
        case .down: moveDown()
        case .home: moveHome()
        case .end: moveEnd()
        case .pageUp: pageUp()
        case .pageDown: pageDown()
        case .control("z"): undo()
        case .control("y"): redo()
        default: return false
        }
        return true
    }
}
