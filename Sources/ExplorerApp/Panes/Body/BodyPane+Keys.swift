import TUICore

extension BodyPane {
    /// Ctrl+T changes the kind, Ctrl+E opens `$EDITOR`; the rest edits (typing with no body
    /// starts one). Esc and keys the editor has no use for are left to the app.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .control("t"):
            kind = kind.next
            return .handled
        case .control("e"):
            return .openEditor(editor.text)
        case .control("v") where kind == .graphql:
            toggleVariables()
            return .handled
        case .character(let character) where kind == .none:
            kind = Self.kind(startingWith: character)
        case .paste(let text) where kind == .none:
            guard let first = text.first(where: { !$0.isWhitespace }) else { return .ignored }
            kind = Self.kind(startingWith: first)
        default:
            guard kind != .none else { return .ignored }
        }
        guard editor.handle(key) else { return .ignored }
        recheck()
        return .handled
    }
}
