import ProfileFormat
import TUICore

/// The "new profile" form: a name and a base URL. Tab (or Enter) moves to the next field,
/// Enter on the last submits, Esc cancels. What it refuses is said under the fields.
public struct ProfileForm: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable { case handled, close, submit(name: String, baseURL: String) }
    public enum Field: Sendable, Equatable { case name, baseURL }

    public var name = LineField("", width: 40)
    public var baseURL = LineField("http://", width: 40)
    public var field = Field.name
    public var problem: String?
    /// Names already taken (on disk, and `demo`).
    public var taken: [String]

    public init(taken: [String]) {
        self.taken = taken
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .close
        case .tab, .backTab, .up, .down: field = field == .name ? .baseURL : .name
        case .enter:
            if field == .name {
                field = .baseURL
            } else if let problem = validationProblem {
                self.problem = problem
                return .handled
            } else {
                return .submit(name: name.text, baseURL: baseURL.text)
            }
        case .paste(let text):
            if field == .name { name.paste(text, trimming: true) } else { baseURL.paste(text, trimming: true) }
        default:
            if field == .name { name.handle(key) } else { baseURL.handle(key) }
        }
        problem = nil
        return .handled
    }

    /// Why the form cannot be saved as it is.
    public var validationProblem: String? {
        if let problem = ProfileNames.problem(name.text) { return problem }
        if taken.contains(name.text) { return "a profile named \(name.text) exists already" }
        let url = baseURL.text
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.count > 8 else {
            return "the base URL must start with http:// or https://"
        }
        if url.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false }) {
            return "the base URL has a space or a control character"
        }
        return nil
    }

    static func frame(in bounds: Rect) -> Rect? {
        let width = min(bounds.width - 4, 64)
        guard width >= 24, bounds.height >= 9 else { return nil }
        return Rect(row: bounds.row + max(1, bounds.height / 2 - 4), column: bounds.column + (bounds.width - width) / 2, width: width, height: 7)
    }

    public func render(into screen: inout Screen, bounds: Rect) {
        guard let rect = Self.frame(in: bounds) else { return }
        let inner = PaneFrame.draw("New profile", in: rect, focused: true, on: &screen)
        let labelWidth = 10
        for (offset, (label, which, editor)) in [("Name", Field.name, name), ("Base URL", Field.baseURL, baseURL)].enumerated() {
            let row = inner.row + offset
            let active = which == field
            screen.put(label, row: row, column: inner.column + 1, style: active ? PaneFrame.focusedTitle : PaneFrame.title, limit: labelWidth)
            let column = inner.column + 1 + labelWidth
            let width = inner.column + inner.width - 1 - column
            guard width > 0 else { continue }
            let rendered = editor.render(width: width)
            screen.put(rendered.spans, row: row, column: column, limit: width)
            if active { screen.cursor = Screen.Cursor(row: row, column: column + rendered.cursorColumn) }
        }
        if let problem {
            screen.put("✗ " + problem, row: inner.row + 3, column: inner.column + 1, style: PaneFrame.error, limit: inner.width - 1)
        }
        screen.put("Tab next field · Enter saves · Esc cancels", row: inner.row + 4, column: inner.column + 1, style: PaneFrame.muted,
                   limit: inner.width - 1)
    }
}

/// Profile names as the store takes them (`ProfileName`: letters, digits, `-` and `_`), with
/// the short words a one-line prompt has room for; `demo` is built in.
public enum ProfileNames {
    public static let builtIn = ProfileName.demo
    /// `demo` and `demo-oauth`: profiles without a file, on the embedded demo API.
    public static let builtIns = ProfileName.builtIns

    public static func isBuiltIn(_ name: String) -> Bool { ProfileName.isBuiltIn(name) }

    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "the name is empty" }
        if name.count > ProfileName.maxLength { return "the name is longer than \(ProfileName.maxLength) characters" }
        if !ProfileName.isValid(name) { return "use letters, digits, - and _ only" }
        if ProfileName.isBuiltIn(name) { return "\(name) is built in" }
        return nil
    }
}
